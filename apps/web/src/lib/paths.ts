/** The chart editor's addresses: a project's chart, or a visitor's chart kept in this browser. */
export const EDITOR_PATH = /^\/stitch\/(projects\/[^/]+\/edit|edit\/[^/]+)\/?$/;
