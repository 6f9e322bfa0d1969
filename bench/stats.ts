/** Percentile of a sample (nearest-rank). */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

export const median = (values: number[]) => percentile(values, 50);

export const ms = (value: number) => `${value.toFixed(1)} ms`;

/** Waits until `${base}/api/health` answers 200, polling every `pollMs`; throws at `deadline`. */
export async function waitForHealth(base: string, deadline: number, pollMs = 250): Promise<void> {
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  throw new Error(`${base} did not become healthy in time`);
}
