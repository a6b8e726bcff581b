import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

const COLOURS = ['#0066cc', '#b3261e', '#17692e', '#7a4a00', '#5b2a86'];

/**
 * One time chart drawn with uPlot (canvas: a hundred thousand points draw in milliseconds), sized to its box and
 * redrawn when the box changes. `times` in epoch ms; a series' gaps are nulls.
 */
export function Chart({
  title,
  times,
  series,
}: {
  title: string;
  times: readonly number[];
  series: readonly { label: string; values: readonly (number | null)[] }[];
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const width = (): number => Math.max(280, element.clientWidth);
    const plot = new uPlot(
      {
        width: width(),
        height: 180,
        series: [{}, ...series.map((s, i) => ({ label: s.label, stroke: COLOURS[i % COLOURS.length], width: 1.5 }))],
        axes: [{}, { size: 56 }],
        legend: { live: true },
      },
      [times.map((ms) => ms / 1000), ...series.map((s) => [...s.values])] as uPlot.AlignedData,
      element,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: width(), height: 180 }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [times, series]);
  return (
    <figure className="ops-chart">
      <figcaption>{title}</figcaption>
      <div ref={box} role="img" aria-label={title} />
    </figure>
  );
}
