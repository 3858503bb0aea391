// The rules by which `npm start`, `npm test` and the other entry points pick the Node they run
// under: the one exact version in .node-version, installed by themselves on linux-x64.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { nodeRuntimePlan, parseNodeVersion } from '../../scripts/lib/node-runtime.mjs';

describe('parseNodeVersion', () => {
  it('reads one exact version, with or without a leading v', () => {
    expect(parseNodeVersion('24.21.0\n')).toBe('24.21.0');
    expect(parseNodeVersion('v24.21.0')).toBe('24.21.0');
    expect(parseNodeVersion('# the site, its build and every test\n24.21.0\n')).toBe('24.21.0');
  });

  it('refuses ranges, aliases and several versions: the file pins one', () => {
    for (const text of ['24', '24.x', 'lts/krypton', '>=24.21.0', '24.21.0\n22.1.0', '']) {
      expect(() => parseNodeVersion(text)).toThrow(/one exact version/);
    }
  });

  it("is what the repository's .node-version holds, and the process under test runs it", () => {
    const pinned = parseNodeVersion(fs.readFileSync(path.resolve(__dirname, '../../.node-version'), 'utf8'));
    expect(process.version, 'the tests run under the pinned Node: start them with npm test or npm run test:unit').toBe(`v${pinned}`);
  });
});

describe('nodeRuntimePlan', () => {
  const pinned = '24.21.0';

  it('keeps the running Node when it is the pinned one, on any platform', () => {
    expect(nodeRuntimePlan({ pinned, running: 'v24.21.0', platform: 'darwin', arch: 'arm64' }).action).toBe('current');
  });

  it('installs the pinned Node on linux-x64 whatever runs now, a newer patch of the same major too', () => {
    for (const running of ['v20.20.2', 'v24.20.0', 'v24.22.0', 'v26.1.0']) {
      expect(nodeRuntimePlan({ pinned, running, platform: 'linux', arch: 'x64' }).action).toBe('install');
    }
  });

  it('elsewhere goes on with a Node of the same major, saying it is not the pinned one', () => {
    const plan = nodeRuntimePlan({ pinned, running: 'v24.3.0', platform: 'darwin', arch: 'arm64' });
    expect(plan.action).toBe('system');
    expect(plan.message).toMatch(/24\.21\.0.*darwin-arm64.*24\.3\.0/);
  });

  it('elsewhere stops on another major, naming the version to install', () => {
    const plan = nodeRuntimePlan({ pinned, running: 'v20.20.2', platform: 'linux', arch: 'arm64' });
    expect(plan.action).toBe('error');
    expect(plan.message).toMatch(/Install Node 24\.21\.0 \(or at least Node 24\.x\)/);
  });
});
