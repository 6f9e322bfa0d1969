// Where each sign-in page's HTML copy lies in the build (decision 151): written by the build
// plugin (`tools/route-pages.ts`) and read by the server (`server/plugins/spa.ts`), which must not
// carry the plugin's build code.

/** The folder of the copies inside the build, and the name each page's copy has there. */
export const ROUTE_PAGES_DIR = 'routes';
export const routePageFile = (name: string) => `${ROUTE_PAGES_DIR}/${name}.html`;
