import { existsSync, readFileSync, rmSync, statfsSync, statSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { ramTemporaryFolder, tmpfsForPrograms } from "./support/ram-temporary-folder.js";

describe("the suite's temporary folder in RAM", () => {
  it("takes /dev/shm only where the mount in force is a tmpfs that may run programs", () => {
    const shm = (options: string, type = "tmpfs") => `${type} /dev/shm ${type} ${options} 0 0`;
    const mounts = (...lines: string[]) => ["proc /proc proc rw 0 0", ...lines, "tmpfs /run tmpfs rw 0 0", ""].join("\n");
    expect(tmpfsForPrograms(mounts(shm("rw,relatime,size=24684084k")), "/dev/shm")).toBe(true);
    expect(tmpfsForPrograms(mounts(shm("rw,nosuid,nodev")), "/dev/shm")).toBe(true);
    // Docker's and many distributions' hardened /dev/shm: the SPIN tests could not run the pan they compile there.
    expect(tmpfsForPrograms(mounts(shm("rw,nosuid,nodev,noexec,relatime")), "/dev/shm")).toBe(false);
    expect(tmpfsForPrograms(mounts(shm("rw,relatime", "ext4")), "/dev/shm")).toBe(false);
    expect(tmpfsForPrograms(mounts(), "/dev/shm")).toBe(false);
    // Mounted again over the first: the last line is the one in force.
    expect(tmpfsForPrograms(mounts(shm("rw"), shm("rw,noexec")), "/dev/shm")).toBe(false);
    expect(tmpfsForPrograms(mounts(shm("rw,noexec"), shm("rw")), "/dev/shm")).toBe(true);
  });

  const tmpdirBefore = process.env.TMPDIR;
  afterEach(() => {
    if (tmpdirBefore === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = tmpdirBefore;
  });

  it("leaves a TMPDIR that is set alone", () => {
    process.env.TMPDIR = "/somewhere/chosen";
    expect(ramTemporaryFolder()).toBeUndefined();
  });

  it("makes a fresh folder others may pass through but not list, where this machine's /dev/shm allows", () => {
    delete process.env.TMPDIR;
    const folder = ramTemporaryFolder();
    try {
      const mounts = existsSync("/proc/self/mounts") ? readFileSync("/proc/self/mounts", "utf8") : "";
      const room = (path: string) => statfsSync(path).bavail * statfsSync(path).bsize;
      if (!tmpfsForPrograms(mounts, "/dev/shm") || room("/dev/shm") < 2 ** 30) expect(folder).toBeUndefined();
      else {
        expect(folder).toMatch(/^\/dev\/shm\/snaplab-tests-\w{6}$/);
        expect(statSync(folder!).mode & 0o777).toBe(0o711);
      }
    } finally {
      if (folder) rmSync(folder, { recursive: true });
    }
  });
});
