import classes from './LevelMeter.module.css';

/** A horizontal level bar, 0–100, read out as a progress bar; red near full scale (clipping). */
export function LevelMeter({ percent, label, className }: { percent: number; label: string; className?: string }) {
  const value = Math.round(percent);
  return (
    <div className={className ? `${classes.meter} ${className}` : classes.meter} role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={value}>
      <div className={classes.fill} data-loud={value > 90 || undefined} style={{ transform: `scaleX(${String(value / 100)})` }} />
    </div>
  );
}
