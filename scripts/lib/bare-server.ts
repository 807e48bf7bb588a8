// The benchmark's floor: a bare node:http server answering every request with one fixed JSON body (passed as a file).
// Usage: node scripts/lib/bare-server.ts <port> <body.json>
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const [port, bodyFile] = process.argv.slice(2);
const body = readFileSync(bodyFile!);
const headers = { 'content-type': 'application/json; charset=utf-8', 'content-length': String(body.length) };
createServer((req, res) => {
  // Read (and drop) any request body, as a real server would, before answering.
  req.resume();
  req.on('end', () => {
    res.writeHead(200, headers);
    res.end(body);
  });
}).listen(Number(port), '127.0.0.1');
