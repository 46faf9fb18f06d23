import { useEffect, useId, useImperativeHandle, useRef, type PointerEvent, type Ref } from 'react';
import { Button } from '../../../components/ui/button';

/** What the form asks of the pad: the drawing as a PNG, and a fresh start. */
export interface SignaturePadHandle {
  /** The signature as a PNG (transparent, dark ink), or null when nothing is drawn. */
  toPng(): Promise<Blob | null>;
  clear(): void;
}

export interface SignaturePadProps {
  label: string;
  hint: string;
  clearLabel: string;
  error?: string;
  disabled?: boolean;
  /** Told whether anything is drawn, after each stroke and each clear. */
  onInkChange?: (hasInk: boolean) => void;
  ref?: Ref<SignaturePadHandle>;
}

type Point = { x: number; y: number };

const INK = '#0f172a';
const LINE_WIDTH = 2.5;

/**
 * A signature drawn with a finger, a pen or the mouse (pointer events; the page does not scroll while
 * drawing). The strokes are kept in CSS pixels and drawn again when the pad changes size, at the screen's
 * pixel density, so the PNG is sharp on phones too.
 */
export function SignaturePad({ label, hint, clearLabel, error, disabled, onInkChange, ref }: SignaturePadProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const strokes = useRef<Point[][]>([]);
  const drawing = useRef<Point[] | null>(null);
  const id = useId();

  const context = () => {
    const element = canvas.current;
    const ctx = element?.getContext('2d');
    if (!element || !ctx) return null;
    ctx.lineWidth = LINE_WIDTH;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.strokeStyle = INK;
    ctx.fillStyle = INK;
    return ctx;
  };

  const drawStroke = (ctx: CanvasRenderingContext2D, points: Point[]) => {
    const [first, ...rest] = points;
    if (!first) return;
    ctx.beginPath();
    if (rest.length === 0) {
      // a tap is a dot
      ctx.arc(first.x, first.y, LINE_WIDTH / 2, 0, Math.PI * 2);
      ctx.fill();
      return;
    }
    ctx.moveTo(first.x, first.y);
    for (const point of rest) ctx.lineTo(point.x, point.y);
    ctx.stroke();
  };

  const redraw = () => {
    const element = canvas.current;
    if (!element) return;
    const ratio = window.devicePixelRatio || 1;
    const { width, height } = element.getBoundingClientRect();
    element.width = Math.max(1, Math.round(width * ratio));
    element.height = Math.max(1, Math.round(height * ratio));
    const ctx = context();
    if (!ctx) return;
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    for (const stroke of strokes.current) drawStroke(ctx, stroke);
  };

  useEffect(() => {
    const element = canvas.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => redraw());
    observer.observe(element);
    return () => observer.disconnect();
    // redraw reads only refs
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const clear = () => {
    strokes.current = [];
    drawing.current = null;
    const element = canvas.current;
    context()?.clearRect(0, 0, element?.width ?? 0, element?.height ?? 0);
    onInkChange?.(false);
  };

  useImperativeHandle(ref, () => ({
    toPng: () =>
      new Promise<Blob | null>((resolve) => {
        const element = canvas.current;
        if (!element || strokes.current.length === 0) return resolve(null);
        element.toBlob((blob) => resolve(blob), 'image/png');
      }),
    clear,
  }));

  const pointOf = (event: PointerEvent<HTMLCanvasElement>): Point => {
    const box = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - box.left, y: event.clientY - box.top };
  };

  const start = (event: PointerEvent<HTMLCanvasElement>) => {
    if (disabled) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drawing.current = [pointOf(event)];
    strokes.current.push(drawing.current);
  };

  const move = (event: PointerEvent<HTMLCanvasElement>) => {
    const stroke = drawing.current;
    if (!stroke) return;
    event.preventDefault();
    const point = pointOf(event);
    const last = stroke[stroke.length - 1];
    stroke.push(point);
    const ctx = context();
    if (!ctx || !last) return;
    ctx.beginPath();
    ctx.moveTo(last.x, last.y);
    ctx.lineTo(point.x, point.y);
    ctx.stroke();
  };

  const end = () => {
    const stroke = drawing.current;
    if (!stroke) return;
    drawing.current = null;
    if (stroke.length === 1) {
      const ctx = context();
      if (ctx) drawStroke(ctx, stroke);
    }
    onInkChange?.(true);
  };

  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-center justify-between gap-3">
        <span id={`${id}-label`} className="text-sm font-medium text-slate-200">
          {label}
        </span>
        <Button variant="ghost" size="sm" onClick={clear} disabled={disabled}>
          {clearLabel}
        </Button>
      </div>
      <canvas
        ref={canvas}
        role="img"
        aria-labelledby={`${id}-label`}
        aria-describedby={error ? `${errorId} ${hintId}` : hintId}
        aria-invalid={error ? true : undefined}
        className={`h-40 w-full cursor-crosshair touch-none rounded-lg border bg-white ${
          error ? 'border-red-400' : 'border-navy-600'
        }`}
        onPointerDown={start}
        onPointerMove={move}
        onPointerUp={end}
        onPointerCancel={end}
        onPointerLeave={end}
      />
      {error && (
        <p id={errorId} className="text-sm text-red-300">
          {error}
        </p>
      )}
      <p id={hintId} className="text-xs text-slate-400">
        {hint}
      </p>
    </div>
  );
}
