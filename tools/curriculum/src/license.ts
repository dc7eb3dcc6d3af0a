// The dataset's LICENSE is the verbatim CC BY-SA 4.0 legal code from the pinned
// spdx-license-list package, so no licence text is retyped by hand.
import { readTarGz } from './tar.js';

const MEMBER = 'package/licenses/CC-BY-SA-4.0.json';

export async function licenseText(spdxTgz: string): Promise<string> {
  const files = await readTarGz(spdxTgz, (n) => n === MEMBER);
  const body = files.get(MEMBER);
  if (!body) throw new Error(`${MEMBER} not found in ${spdxTgz}`);
  const parsed = JSON.parse(body.toString('utf8')) as { licenseText?: unknown };
  if (typeof parsed.licenseText !== 'string') throw new Error(`${MEMBER} has no licenseText`);
  return parsed.licenseText.replace(/\r\n/g, '\n').trimEnd() + '\n';
}
