// The wallet page for an app whose mock lives in the page (the MSW worker): shown over the app in a dialog and walked
// through the in-page mock, because following the link would unload the page, and the world with it.
//
// Why not let the worker answer a navigation to the link: the handlers run in the page that registered the worker, so
// the page that answers the navigation is the one being left. The wallet page would arrive, but its form would post to
// a world that no longer exists, and the app would come back to a fresh one with the top-up forgotten.

/** What the dialog needs of the mock: its fetch, its origin and where its wallet page is. */
export interface WalletDialogMock {
  fetch(request: Request): Promise<Response>;
  origin: string;
  walletPath: string;
}

/**
 * The dialog's own button back to the app: the page's return link is not needed here (its origin rule would leave out an
 * app on a non-loopback origin), and the button is there whatever page is shown.
 */
export const WALLET_DIALOG_BACK_ID = 'spw-wallet-back';

const STYLE = `dialog.spw-wallet{padding:0;border:none;border-radius:12px;width:min(520px,96vw);height:min(760px,92vh);box-shadow:0 8px 40px #0004}
dialog.spw-wallet::backdrop{background:#0006}dialog.spw-wallet form{display:flex;justify-content:flex-end;padding:8px;background:#f5f5f7;margin:0}
dialog.spw-wallet iframe{border:none;width:100%;height:calc(100% - 48px);display:block}`;

/** The page, a redirect (303 after a form) followed within the mock. */
async function render(mock: WalletDialogMock, request: Request): Promise<{ html: string; url: URL }> {
  let url = new URL(request.url);
  let res = await mock.fetch(request);
  for (let hops = 0; res.status >= 300 && res.status < 400 && res.headers.has('location') && hops < 5; hops++) {
    url = new URL(res.headers.get('location')!, url);
    res = await mock.fetch(new Request(url, { headers: { accept: 'text/html' } }));
  }
  return { html: await res.text(), url };
}

/**
 * Open the wallet page for `link` (`topUpUrl`, or a 402's `url`, relative to the mock's origin) over the app. Resolves
 * once the person goes back to the app (the page's link, the dialog's button, or Escape), the app still as it was.
 */
export function openWalletDialog(mock: WalletDialogMock, link: string): Promise<void> {
  if (typeof document === 'undefined') {
    return Promise.reject(new Error('openWallet shows a page, so it needs a browser: in Node tests, top up with mock.control.POST(\'/workspaces/{id}/wallet/top-up\')'));
  }
  const start = new URL(link, mock.origin);
  if (start.origin !== mock.origin || start.pathname !== mock.walletPath) {
    return Promise.reject(new Error(`openWallet takes the wallet link the mock gave (topUpUrl, or the url of a 402), a page at ${mock.origin}${mock.walletPath}; got ${link}`));
  }
  const isWalletPage = (url: URL) => url.origin === mock.origin && url.pathname === mock.walletPath;

  const style = document.createElement('style');
  style.textContent = STYLE;
  const dialog = document.createElement('dialog');
  dialog.className = 'spw-wallet';
  dialog.setAttribute('aria-label', 'Wallet');
  const bar = document.createElement('form');
  bar.method = 'dialog';
  const back = document.createElement('button');
  back.id = WALLET_DIALOG_BACK_ID;
  back.textContent = 'Back to the app';
  bar.append(back);
  const frame = document.createElement('iframe');
  frame.title = 'Wallet';
  dialog.append(bar, frame);
  document.head.append(style);
  document.body.append(dialog);

  return new Promise((resolve, reject) => {
    let current = start;
    const finish = () => {
      dialog.remove();
      style.remove();
      resolve();
    };
    dialog.addEventListener('close', finish, { once: true });
    const show = (request: Request) =>
      render(mock, request).then(({ html, url }) => {
        current = url;
        frame.srcdoc = html;
      }, (err: unknown) => {
        dialog.close();
        reject(err);
      });
    // Each page the frame shows gets the same handling: its forms and links go to the in-page mock, never the network.
    frame.addEventListener('load', () => {
      const doc = frame.contentDocument;
      if (!doc) return;
      doc.addEventListener('submit', (event) => {
        event.preventDefault();
        const form = event.target as HTMLFormElement;
        const fields = new URLSearchParams();
        for (const [name, value] of new FormData(form, event.submitter)) if (typeof value === 'string') fields.append(name, value);
        const action = new URL(form.getAttribute('action') || current.pathname, current);
        if (form.method.toLowerCase() === 'post') {
          void show(new Request(action, { method: 'POST', body: fields, headers: { accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' } }));
        } else {
          action.search = fields.toString();
          void show(new Request(action, { headers: { accept: 'text/html' } }));
        }
      });
      doc.addEventListener('click', (event) => {
        const anchor = (event.target as Element | null)?.closest?.('a[href]');
        if (!anchor) return;
        event.preventDefault();
        const to = new URL(anchor.getAttribute('href')!, current);
        // Another wallet page is shown in place; any other link (the page's "Back to the app") leaves the dialog.
        if (isWalletPage(to)) void show(new Request(to, { headers: { accept: 'text/html' } }));
        else dialog.close();
      });
    });
    dialog.showModal();
    void show(new Request(start, { headers: { accept: 'text/html' } }));
  });
}
