// The /_mock/console page's script (bundled by esbuild into the page, mocks/http/console-page.ts): mounts the console
// on the page's origin with what the server wrote into the page (the operations, the ready scenarios' names).
import { mountConsole, type ConsoleOperation } from './mount.ts';

interface PageData {
  controlPath: string;
  scenariosPath: string;
  operations: ConsoleOperation[];
}

const data = JSON.parse(document.getElementById('console-data')!.textContent!) as PageData;
const host = document.getElementById('console')!;
// Through the CSSOM: the page's CSP allows no style attribute or sheet of its own.
document.body.style.margin = '0';
host.style.height = '100vh';
mountConsole(host, {
  origin: location.origin,
  controlPath: data.controlPath,
  operations: data.operations,
  panel: location.hash.slice(1) || undefined,
  onPanel: (id) => history.replaceState(null, '', `#${id}`),
  scenarios: {
    // Read like the control API, with the token (a ready scenario holds keys: a locked mock asks for it here too).
    list: async (get) => {
      const res = await get(data.scenariosPath);
      if (!res.ok) throw new Error(`The ready scenarios could not be listed (${res.status}).`);
      return res.json();
    },
    read: async (name, get) => {
      const res = await get(`${data.scenariosPath}/${encodeURIComponent(name)}.json`);
      if (!res.ok) throw new Error(`The ready scenario ${name} could not be read (${res.status}).`);
      return res.json();
    },
  },
});
