// One eSpeak NG render per message, in a child process of the server: a render takes a few
// hundred milliseconds of CPU, which would otherwise hold up requests, and the server lowers
// this process's priority so webhooks and streams get the CPU first. Plain JavaScript so it
// runs without the TypeScript loader. eSpeak NG is GPL-3.0: it runs here, on the server, and
// is never sent to a browser.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import ESpeakNg from 'espeak-ng';

// The 18 MB WebAssembly module is compiled once per worker; each render instantiates it afresh
// (eSpeak's command line runs once per instance).
const wasmPath = createRequire(import.meta.url).resolve('espeak-ng/dist/espeak-ng.wasm');
const compiled = readFile(wasmPath).then((bytes) => WebAssembly.compile(bytes));

process.on('message', async ({ id, voice, ssml }) => {
  try {
    const module = await ESpeakNg({
      // -m: the text is SSML (prosody per segment); -w: write a WAV file in the module's memory.
      arguments: ['-m', '-v', voice, '-w', '/speech.wav', ssml],
      print: () => {},
      printErr: () => {},
      instantiateWasm(imports, done) {
        compiled
          .then((wasm) =>
            WebAssembly.instantiate(wasm, imports).then((instance) => done(instance, wasm)),
          )
          .catch((error) => process.send({ id, error: String(error) }));
        return {};
      },
    });
    const wav = module.FS.readFile('/speech.wav');
    process.send({ id, wav });
  } catch (error) {
    process.send({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
