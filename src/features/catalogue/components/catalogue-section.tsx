import { EmptyState } from '../../../components/state-blocks.tsx';

export function CatalogueSection() {
  return (
    <section aria-labelledby="catalogue-heading" className="mt-8">
      <h2 id="catalogue-heading" className="mb-3 text-lg font-semibold text-slate-900">
        Catalogue
      </h2>
      <EmptyState title="The site catalogue appears here." />
    </section>
  );
}
