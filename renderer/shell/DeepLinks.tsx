/**
 * The main window's side of a deep link (shared/links.ts): the core keeps
 * the screen a link asked for until this window takes it — at start (the
 * link that launched the console, or waited for the sign-in) and whenever
 * main says one waits (topic `link`). The path was judged against the route
 * table and this user's routes; the router judges it again as any address.
 * A record's own window is opened by main itself and never comes here.
 */
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { callOp, sessionEpoch, subscribeLive } from '../bridge.js';

export function DeepLinks() {
  const navigate = useNavigate();
  // The router's navigate changes with the address: held in a ref, the window asks once at start, not at every move.
  const go = useRef(navigate);
  go.current = navigate;
  useEffect(() => {
    let live = true;
    const take = () =>
      callOp('links.take', undefined).then(
        ({ path }) => {
          if (live && path) void go.current(path);
        },
        () => {},
      );
    void take();
    const stop = subscribeLive((event) => {
      if (event.topic === 'link' && event.epoch === sessionEpoch()) void take();
    });
    return () => {
      live = false;
      stop();
    };
  }, []);
  return null;
}
