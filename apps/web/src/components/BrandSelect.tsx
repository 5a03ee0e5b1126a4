import { brandName, THREAD_BRANDS, type ThreadBrand } from '../lib/thread-brands';

/** A labelled choice of thread brand. */
export function BrandSelect({
  label,
  value,
  onChange,
  brands = THREAD_BRANDS,
}: {
  label: string;
  value: ThreadBrand;
  onChange: (brand: ThreadBrand) => void;
  brands?: readonly ThreadBrand[];
}) {
  return (
    <label className="text-sm font-medium">
      {label}
      <select className="input mt-1 block min-h-8" value={value} onChange={(event) => onChange(event.target.value as ThreadBrand)}>
        {brands.map((brand) => (
          <option key={brand} value={brand}>
            {brandName(brand)}
          </option>
        ))}
      </select>
    </label>
  );
}
