/** "/news" for the first page, "/news?page=3" after it (the first page has one address only). */
export function newsPageHref(page: number): string {
  return page <= 1 ? '/news' : `/news?page=${page}`;
}

/** What the index says when WordPress cannot answer (the error boundary shows it too). */
export const NEWS_LOAD_FAILED = 'The news could not be loaded right now. Please try again.';
