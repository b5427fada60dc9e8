// Host URLs as ClearML clients treat them: no trailing slash, and a missing web or files host
// derived from the one before it by ClearML's naming convention.

const URL_PARTS = /^([A-Za-z][A-Za-z0-9+.-]*:\/\/)?(\[[^\]]*\]|[^/:?#[]+)(:\d+)?(.*)$/s;

export function normalizeHost(host: string): string {
  return host.trim().replace(/\/+$/, '');
}

/** `https://api.example.com` -> `https://app.example.com`, `http://host:8008` -> `http://host:8080`. */
export function deriveWebHost(apiHost: string): string | undefined {
  return rewriteHost(apiHost, 'api.', 'app.', (port) => (port === ':8008' ? ':8080' : port));
}

/** `https://app.example.com` -> `https://files.example.com`, `http://host:8080` -> `http://host:8081`. */
export function deriveFilesHost(webHost: string): string | undefined {
  return rewriteHost(webHost, 'app.', 'files.', (port) => (port === '' ? '' : ':8081'));
}

function rewriteHost(
  url: string,
  fromPrefix: string,
  toPrefix: string,
  mapPort: (port: string) => string,
): string | undefined {
  const match = URL_PARTS.exec(normalizeHost(url));
  if (match === null) return undefined;
  const [, scheme = '', hostName = '', port = '', rest = ''] = match;
  let newHost = hostName;
  if (hostName.toLowerCase().startsWith(fromPrefix)) newHost = toPrefix + hostName.slice(fromPrefix.length);
  const newPort = mapPort(port);
  // Nothing to rewrite means the convention does not apply; guessing the same URL would be wrong.
  if (newHost === hostName && newPort === port) return undefined;
  return scheme + newHost + newPort + rest;
}
