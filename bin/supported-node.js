// The Node.js lines tama runs on, as package.json's `engines` says ("^22.17.0 || >=24"),
// checked before anything else loads, so that an older Node gets one line saying what to
// do instead of an error from deep inside the engine.

/** The error line for Node.js `version` ("20.20.2"), or undefined where it is supported. */
export function unsupportedNodeLine(version) {
  const [major, minor] = version.split('.').map(Number);
  if (major >= 24 || (major === 22 && minor >= 17)) return undefined;
  return (
    `error: tama runs on Node.js 24 or 22.17 and later, not ${version}; for Node.js 24 from the ` +
    "npm registry, installed nowhere else, put 'npx --yes --package=node@24 --' before the " +
    "command: 'npx --yes --package=node@24 -- npm start'"
  );
}
