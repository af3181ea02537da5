// Serves the demo page (www/) with the Vite dev server and prints its address.
// Used by scripts/start.sh; HOST and PORT override the defaults (localhost, 5173, or the next
// free port).
import { createServer } from 'vite';
import { fileURLToPath } from 'node:url';

const server = await createServer({
  root: fileURLToPath(new URL('../www/', import.meta.url)),
  server: {
    host: process.env.HOST || undefined,
    port: process.env.PORT ? Number(process.env.PORT) : undefined,
  },
});
await server.listen();
server.printUrls();
const url = server.resolvedUrls?.local[0] ?? server.resolvedUrls?.network[0];
console.log(`\nRocada demo: ${url}   (Ctrl+C to stop; run \`npm run build\` after changing Rust code, then reload)\n`);
