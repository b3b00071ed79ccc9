import { Loader } from '../../src/ui/Loader';

/** The card while its blog loads (and, on the first open, while the card's own code does). */
export function CardLoading({ name }: { name: string }) {
  return (
    <div className="state" part="loading">
      <Loader label={`Loading ${name}`} />
    </div>
  );
}
