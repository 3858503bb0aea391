import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { clampLower, clampUpper, PRICE_STEP, priceFilterFromSlider, sliderValues, type PriceBounds } from '~/lib/explore/price';
import { priceLabel } from '~/lib/wordpress/labels';

type PriceRangeProps = {
  bounds: PriceBounds;
  minPrice: number | undefined;
  maxPrice: number | undefined;
  /** Called once a handle is released (or after a short pause in arrow-key moves). */
  onCommit: (minPrice: number | undefined, maxPrice: number | undefined) => void;
};

/** Keyboard moves fire "change" at every key press: wait for a short pause before searching. */
const KEYBOARD_SETTLE_MS = 450;

// Two native range inputs laid over one track: keyboard support, focus and the slider role come from
// the browser, and without JavaScript they still submit minPrice and maxPrice with the form. The
// inputs themselves ignore the pointer; only their thumbs take it, so both handles stay draggable.
const THUMB =
  'pointer-events-none absolute left-0 top-1/2 h-2 -translate-y-1/2 appearance-none bg-transparent focus:outline-none focus-visible:ring-0 focus-visible:ring-offset-0 ' +
  '[&::-webkit-slider-runnable-track]:appearance-none [&::-webkit-slider-runnable-track]:bg-transparent ' +
  '[&::-webkit-slider-thumb]:pointer-events-auto [&::-webkit-slider-thumb]:h-6 [&::-webkit-slider-thumb]:w-6 [&::-webkit-slider-thumb]:cursor-grab [&::-webkit-slider-thumb]:appearance-none [&::-webkit-slider-thumb]:rounded-full [&::-webkit-slider-thumb]:border-2 [&::-webkit-slider-thumb]:border-brand-700 [&::-webkit-slider-thumb]:bg-white [&::-webkit-slider-thumb]:shadow-md ' +
  '[&:focus-visible::-webkit-slider-thumb]:ring-4 [&:focus-visible::-webkit-slider-thumb]:ring-brand-300 ' +
  '[&::-moz-range-track]:bg-transparent [&::-moz-range-thumb]:pointer-events-auto [&::-moz-range-thumb]:h-5 [&::-moz-range-thumb]:w-5 [&::-moz-range-thumb]:cursor-grab [&::-moz-range-thumb]:rounded-full [&::-moz-range-thumb]:border-2 [&::-moz-range-thumb]:border-brand-700 [&::-moz-range-thumb]:bg-white ' +
  '[&:focus-visible::-moz-range-thumb]:ring-4 [&:focus-visible::-moz-range-thumb]:ring-brand-300';

/** The slider's two handles, low end first, and the query parameter each submits without JavaScript. */
const PRICE_ENDS = [
  { end: 'lower', name: 'minPrice', label: 'Minimum price' },
  { end: 'upper', name: 'maxPrice', label: 'Maximum price' },
] as const;

type SliderValues = { lower: number; upper: number };

/** One end moved to a value, kept from crossing the other end. */
function moveEnd(values: SliderValues, end: 'lower' | 'upper', to: number, bounds: PriceBounds): SliderValues {
  return end === 'lower'
    ? { ...values, lower: clampLower(to, values.upper, bounds) }
    : { ...values, upper: clampUpper(to, values.lower, bounds) };
}

/** The price range slider: snaps to 1000, the handles cannot cross. */
export function PriceRange({ bounds, minPrice, maxPrice, onCommit }: PriceRangeProps) {
  const id = useId();
  const fromQuery = sliderValues(minPrice, maxPrice, bounds);
  const [values, setValues] = useState(fromQuery);
  const valuesRef = useRef(values);
  valuesRef.current = values;
  const onCommitRef = useRef(onCommit);
  onCommitRef.current = onCommit;
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const lowerRef = useRef<HTMLInputElement>(null);
  const upperRef = useRef<HTMLInputElement>(null);

  // The query changed (a chip removed, Clear All, Back): the handles follow it. The two numbers,
  // not the object made anew on every render, decide when.
  const { lower: queryLower, upper: queryUpper } = fromQuery;
  useEffect(() => {
    setValues({ lower: queryLower, upper: queryUpper });
  }, [queryLower, queryUpper]);

  // React's onChange is the "input" event (every move); the search runs on the native "change"
  // event, which fires when a dragged handle is released and at each arrow-key step.
  useEffect(() => {
    const inputs = [lowerRef.current, upperRef.current].filter((el): el is HTMLInputElement => el !== null);
    const commit = (delay: number) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        const { lower, upper } = valuesRef.current;
        const next = priceFilterFromSlider(lower, upper, bounds);
        if (next.minPrice === minPrice && next.maxPrice === maxPrice) return;
        onCommitRef.current(next.minPrice, next.maxPrice);
      }, delay);
    };
    let fromKeyboard = false;
    const onKeyDown = () => {
      fromKeyboard = true;
    };
    const onPointerDown = () => {
      fromKeyboard = false;
    };
    const onChange = () => commit(fromKeyboard ? KEYBOARD_SETTLE_MS : 0);
    for (const el of inputs) {
      el.addEventListener('change', onChange);
      el.addEventListener('keydown', onKeyDown);
      el.addEventListener('pointerdown', onPointerDown);
    }
    return () => {
      for (const el of inputs) {
        el.removeEventListener('change', onChange);
        el.removeEventListener('keydown', onKeyDown);
        el.removeEventListener('pointerdown', onPointerDown);
      }
    };
  }, [bounds, minPrice, maxPrice]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const span = bounds.max - bounds.min;
  const left = ((values.lower - bounds.min) / span) * 100;
  const right = ((values.upper - bounds.min) / span) * 100;
  // Near the top end the lower handle must lie above the upper one, or it could never be dragged back.
  const lowerOnTop = values.lower > bounds.min + span / 2;

  return (
    <div role="group" aria-labelledby={`${id}-label`}>
      <div className="flex items-baseline justify-between gap-2">
        <h3 id={`${id}-label`} className="text-sm font-semibold text-slate-900">
          Price Range
        </h3>
        <p className="text-sm font-medium tabular-nums text-brand-800" data-testid="price-range-label">
          {priceLabel(values.lower)} – {priceLabel(values.upper)}
        </p>
      </div>
      <div className="relative mx-3 mt-4 h-6">
        <div className="absolute inset-x-0 top-1/2 h-1.5 -translate-y-1/2 rounded-full bg-slate-200" aria-hidden="true" />
        <div
          className="absolute top-1/2 h-1.5 -translate-y-1/2 rounded-full bg-brand-600"
          style={{ left: `${left}%`, right: `${100 - right}%` }}
          aria-hidden="true"
        />
        {PRICE_ENDS.map(({ end, name, label }) => (
          <Handle
            key={end}
            inputRef={end === 'lower' ? lowerRef : upperRef}
            name={name}
            label={label}
            value={values[end]}
            bounds={bounds}
            onMove={(n) => setValues((v) => moveEnd(v, end, n, bounds))}
            onTop={end === 'lower' && lowerOnTop}
          />
        ))}
      </div>
      <div className="mt-2 flex justify-between text-xs text-slate-500" aria-hidden="true">
        <span>{priceLabel(bounds.min)}</span>
        <span>{priceLabel(bounds.max)}</span>
      </div>
    </div>
  );
}

type HandleProps = {
  inputRef: RefObject<HTMLInputElement>;
  name: 'minPrice' | 'maxPrice';
  label: string;
  value: number;
  bounds: PriceBounds;
  /** The value the handle was moved to, before it is kept off the other handle. */
  onMove: (value: number) => void;
  /** The handle drawn above the other, so the one the visitor can reach is the one that can move. */
  onTop: boolean;
};

/** One handle of the slider: a native range input over the shared track, snapping to PRICE_STEP. */
function Handle({ inputRef, name, label, value, bounds, onMove, onTop }: HandleProps) {
  return (
    <input
      ref={inputRef}
      type="range"
      name={name}
      aria-label={label}
      aria-valuetext={priceLabel(value)}
      min={bounds.min}
      max={bounds.max}
      step={PRICE_STEP}
      value={value}
      onChange={(e) => onMove(Number(e.target.value))}
      className={`${THUMB} -mx-3 w-[calc(100%+1.5rem)] ${onTop ? 'z-20' : 'z-10'}`}
    />
  );
}
