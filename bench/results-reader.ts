// A coordinator reloading results in a loop, in its own process so that its work (receiving and
// decompressing megabytes) does not slow the load client measuring the pushes. Arguments: base
// URL, token, then the paths to read in turn. Reads until stdin closes; prints `reads bytes`.
const [baseUrl, token, ...paths] = process.argv.slice(2);
if (!baseUrl || !token || paths.length === 0) throw new Error('usage: results-reader.ts <baseUrl> <token> <path>...');

let isRunning = true;
process.stdin.on('close', () => (isRunning = false));
process.stdin.resume();
let reads = 0;
let bytes = 0;
while (isRunning) {
  const path = paths[reads % paths.length]!;
  // fetch asks for gzip, deflate and br, and decompresses, as a browser does.
  const response = await fetch(`${baseUrl}${path}`, { headers: { Authorization: `Bearer ${token}` } });
  const body = await response.arrayBuffer();
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  reads += 1;
  bytes += body.byteLength;
}
process.stdout.write(`${reads} ${bytes}\n`);
