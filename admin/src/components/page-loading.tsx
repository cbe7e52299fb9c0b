/** The page area while a page's code is still loading: the layout stays, and screen readers hear why it is empty. */
export function PageLoading() {
  return (
    <section className="container page" aria-busy="true">
      <p className="visually-hidden" role="status">
        Loading...
      </p>
    </section>
  );
}
