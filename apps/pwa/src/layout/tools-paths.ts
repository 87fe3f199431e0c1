// Which pages are the working tools (a coordinator's admin screens, a judge's scoring screens,
// anyone's settings) rather than the public site: the tools get one quiet footer line, the
// public pages the marketing band.
const TOOLS_PATHS = ['/admin', '/judge-dashboard', '/school-sections', '/school-scoring', '/user-settings'];

export function isToolsPath(pathname: string): boolean {
  return TOOLS_PATHS.some((root) => pathname === root || pathname.startsWith(`${root}/`));
}
