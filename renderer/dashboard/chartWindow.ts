/**
 * When a dashboard chart is made: near the window, so that work no one sees waits for a scroll (EChart.tsx). A module
 * of its own, without the DOM, so that the bench reads the same margin.
 */

/**
 * How far below (or above) the window a chart starts to be drawn: it is there by the time a scroll reaches it.
 * The dashboard bench waits for the charts within the same margin (bench/dashboard-browser.ts).
 */
export const AHEAD_PX = 200;
