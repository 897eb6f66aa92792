/** Where a project's blog covers are served from: public, since the blog is. */
export const coverPrefix = (projectId: string) => `/api/files/public/blog/${projectId}/`;
