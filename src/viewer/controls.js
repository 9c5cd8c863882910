// Shared by every replay page: stepping, autoplay with a speed control,
// the slider, the keys and the URL (?frame=K, ?play, ?speed=K). `render(k)`
// draws frame k; the page has the buttons #first #prev #play #next #last,
// the select #speed, the range #slider and the key help #keys. The
// pictures come from the drawing module (web/draw.js) inlined before it.
function controls(count, render) {
  const slider = document.getElementById("slider");
  const speed = document.getElementById("speed");
  const playButton = document.getElementById("play");
  slider.max = Math.max(0, count - 1);
  let frame = 0, timer = null;
  function show(k) {
    frame = Math.max(0, Math.min(k, count - 1));
    slider.value = frame;
    document.body.dataset.frame = frame;
    render(frame);
  }
  function delay() { return 1000 / Number(speed.value || 1); }
  function stop() {
    if (timer) { clearTimeout(timer); timer = null; }
    playButton.textContent = "\u25B6 play";
  }
  function tick() {
    if (frame >= count - 1) { stop(); return; }
    show(frame + 1);
    timer = setTimeout(tick, delay());
  }
  function toggle() {
    if (timer) { stop(); return; }
    if (frame >= count - 1) show(0);
    playButton.textContent = "\u23F8 pause";
    timer = setTimeout(tick, delay());
  }
  function faster(step) {
    speed.selectedIndex = Math.max(0, Math.min(speed.options.length - 1, speed.selectedIndex + step));
  }
  document.getElementById("first").onclick = () => show(0);
  document.getElementById("prev").onclick = () => show(frame - 1);
  document.getElementById("next").onclick = () => show(frame + 1);
  document.getElementById("last").onclick = () => show(count - 1);
  playButton.onclick = toggle;
  slider.oninput = () => show(Number(slider.value));
  document.addEventListener("keydown", e => {
    if (e.target && (e.target.tagName === "SELECT" || e.target.tagName === "INPUT")) return;
    if (e.key === "ArrowRight") show(frame + 1);
    else if (e.key === "ArrowLeft") show(frame - 1);
    else if (e.key === "Home") show(0);
    else if (e.key === "End") show(count - 1);
    else if (e.key === " ") { e.preventDefault(); toggle(); }
    else if (e.key === "+" || e.key === "=") faster(1);
    else if (e.key === "-") faster(-1);
    else return;
  });
  const params = new URLSearchParams(location.search);
  const start = Number(params.get("frame"));
  show(Number.isFinite(start) ? start : 0);
  // ?speed=K picks the speed whose value is K (frames a second).
  const asked = Array.from(speed.options).findIndex(o => o.value === params.get("speed"));
  if (asked >= 0) speed.selectedIndex = asked;
  if (params.get("play") !== null) toggle();
  // For headless checks: whether the page is wider than the window.
  document.body.dataset.overflow =
    document.documentElement.scrollWidth > window.innerWidth + 1 ? "yes" : "no";
}
