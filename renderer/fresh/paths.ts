/** Addresses of the fresh food screens (pure). */
export const MARKDOWNS_PATH = '/freshFood/markdowns';
export const markdownPushPath = (id: number) => `/freshFood/markdowns/push?id=${id}`;
