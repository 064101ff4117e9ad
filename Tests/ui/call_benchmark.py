"""The call's figures for `./build.sh bench`: the real app (test picture and tone)
and Casey's console in headless Chromium (fake camera and microphone) through a
live assist-server, as in `test_call_with_console.py`.

- Time from the person's Answer to the first frame of the other side's video,
  on each side, over `--calls` video calls that Casey starts and ends. The app
  reports its own moments (`ASSIST_REPORT_MOMENTS`: `call-answered`,
  `call-first-remote-frame`, `CLOCK_MONOTONIC`); the console's first decoded
  frame is read from `getStats()` every 10 ms and dated with the browser's wall
  clock, which this script maps onto the same monotonic clock.
- The app's CPU and resident memory while a 640×480 video call runs for
  `--hold` seconds, beside the app in the same session with no call, and beside
  `assist-bench --bare-call-pipeline` (the call's capture, encoders and decoders
  wired together without WebRTC or GTK), measured the same way in the same run.

Writes the figures as JSON to `--output` for `assist-bench --call-results`.
Run under xvfb-run and dbus-run-session, with ASSIST_SERVER_BIN, ASSIST_DESKTOP_BIN
and ASSIST_BENCH_BIN naming the release binaries.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from selenium.webdriver.common.by import By  # noqa: E402

from accessible_app import do_action, wait_for  # noqa: E402
from conftest import Journey  # noqa: E402
from test_call_with_console import CALL_BROWSER_ARGUMENTS, KEEP_PEERS, MEDIA_WAIT, call_status  # noqa: E402
from test_cobrowse_with_console import AGENT, Console, casey_journey, open_console, take_the_session  # noqa: E402
from test_support_journey import main_window, one, shown_texts  # noqa: E402

MOMENT = re.compile(r"^(call-answered|call-first-remote-frame) (\d+)$")
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")
SETTLE_SECONDS = 3.0  # after media starts: the encoders' rate control and the windows settle
# Before measuring the app: GTK's text cursor blinks for 10 s after the last input, and its fade redraws
# the window at the frame rate (57-72 % of a core with Mesa's software GL here, 4 % once it stops).
CURSOR_BLINK_SECONDS = 12.0
# Dates each new peer's first decoded video frame with the browser's wall clock.
WATCH_FIRST_FRAME = """
const Watched = window.RTCPeerConnection;
window.RTCPeerConnection = class extends Watched {
  constructor(...settings) {
    super(...settings);
    const poll = setInterval(() => {
      this.getStats().then((report) => {
        report.forEach((entry) => {
          if (entry.type === "inbound-rtp" && entry.kind === "video" && (entry.framesDecoded ?? 0) > 0
              && this.assistFirstFrameAt === undefined) {
            this.assistFirstFrameAt = performance.timeOrigin + performance.now();
            clearInterval(poll);
          }
        });
      });
    }, 10);
    this.addEventListener("connectionstatechange", () => {
      if (this.connectionState === "closed" || this.connectionState === "failed") clearInterval(poll);
    });
  }
};
"""
READ_FIRST_FRAME = "const peer = (window.assistCallPeers ?? []).at(-1); return peer?.assistFirstFrameAt ?? null;"


def moments(log: Path) -> dict[str, list[int]]:
    """The moments the app reported so far, by name, in order."""
    found: dict[str, list[int]] = {"call-answered": [], "call-first-remote-frame": []}
    for line in log.read_text(errors="replace").splitlines():
        if match := MOMENT.match(line):
            found[match[1]].append(int(match[2]))
    return found


def answer_a_video_call(journey: Journey, console: Console) -> None:
    app = journey.app
    console.session().find_element(By.CSS_SELECTOR, ".session__video-call").click()
    prompt = wait_for("the call prompt", lambda: app.window(f"{AGENT} is video calling you"), app)
    do_action(one(app, prompt, "push button", "Answer"), "click")


def end_the_call_from_the_console(journey: Journey, console: Console) -> None:
    app = journey.app
    console.session().find_element(By.CSS_SELECTOR, ".call__end").click()
    console.wait.until(lambda _: call_status(console) == "You ended the call.")
    wait_for("the call bar to go", lambda: not [t for t in shown_texts(main_window(app)) if "Video call" in t]
             or None, app)


def one_call_to_first_frames(journey: Journey, console: Console, index: int) -> tuple[float, float]:
    """Starts and answers call number `index` (from 0) and returns the
    milliseconds from the Answer to the first remote frame in the app and in
    the console."""
    answer_a_video_call(journey, console)
    reported = wait_for("the app's first frame of the agent's video", lambda: (
        found if len((found := moments(journey.app.log))["call-first-remote-frame"]) > index else None),
        journey.app, timeout=MEDIA_WAIT, interval=0.05)
    answered_ns = reported["call-answered"][index]
    app_ms = (reported["call-first-remote-frame"][index] - answered_ns) / 1e6
    deadline = time.monotonic() + MEDIA_WAIT
    while (first_frame_at := console.driver.execute_script(READ_FIRST_FRAME)) is None:
        if time.monotonic() > deadline:
            raise AssertionError("the console decoded no frame of the app's video")
        time.sleep(0.05)
    wall_minus_monotonic = time.time() - time.monotonic()
    console_ms = first_frame_at - (answered_ns / 1e9 + wall_minus_monotonic) * 1000
    return app_ms, console_ms


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS  # utime and stime


def resident_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError(f"no VmRSS for process {pid}")


def usage(pid: int, seconds: float) -> dict[str, float]:
    """The process's CPU (percent of one core) and resident memory over `seconds`."""
    samples = []
    started_cpu, started = cpu_seconds(pid), time.monotonic()
    while time.monotonic() - started < seconds:
        samples.append(resident_kib(pid))
        time.sleep(0.5)
    cpu = (cpu_seconds(pid) - started_cpu) / (time.monotonic() - started) * 100
    return {"cpuPercent": cpu, "residentMeanKiB": sum(samples) / len(samples), "residentMaxKiB": max(samples)}


def bare_pipeline_usage(bench: Path, seconds: float) -> dict[str, float]:
    process = subprocess.Popen([str(bench), "--bare-call-pipeline", str(seconds + SETTLE_SECONDS + 2)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    time.sleep(SETTLE_SECONDS)
    figures = usage(process.pid, seconds)
    _, errors = process.communicate(timeout=60)
    if process.returncode != 0:
        raise RuntimeError(f"assist-bench --bare-call-pipeline failed ({process.returncode}): {errors}")
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--calls", type=int, default=20, help="video calls to time (default 20)")
    parser.add_argument("--hold", type=float, default=20, help="seconds CPU and memory are measured (default 20)")
    parser.add_argument("--output", type=Path, required=True, help="where to write the JSON figures")
    options = parser.parse_args()
    bench = Path(os.environ["ASSIST_BENCH_BIN"])
    os.environ["ASSIST_REPORT_MOMENTS"] = "1"
    folder = Path(tempfile.mkdtemp(prefix="assist-call-bench-"))
    running, token = casey_journey(folder, ("--set", "useTestMediaSources=true"))
    with running as journey:
        journey.notes["token"] = token
        with open_console(journey, CALL_BROWSER_ARGUMENTS, page_script=KEEP_PEERS + WATCH_FIRST_FRAME) as console:
            console.driver.set_script_timeout(MEDIA_WAIT)
            take_the_session(journey, console)
            pid = journey.desktop.pid
            time.sleep(CURSOR_BLINK_SECONDS)
            idle = usage(pid, options.hold)
            app_ms, console_ms = [], []
            for index in range(options.calls):
                in_app, in_console = one_call_to_first_frames(journey, console, index)
                app_ms.append(in_app)
                console_ms.append(in_console)
                print(f"call {index + 1}: first frame after the answer in the app {in_app:.0f} ms, "
                      f"in the console {in_console:.0f} ms", file=sys.stderr)
                end_the_call_from_the_console(journey, console)
            answer_a_video_call(journey, console)
            wait_for("the agent's video in the app", lambda: len(moments(journey.app.log)[
                "call-first-remote-frame"]) > options.calls or None, journey.app, timeout=MEDIA_WAIT)
            time.sleep(CURSOR_BLINK_SECONDS)
            in_call = usage(pid, options.hold)
            end_the_call_from_the_console(journey, console)
    bare = bare_pipeline_usage(bench, options.hold)
    options.output.write_text(json.dumps({
        "calls": options.calls, "holdSeconds": options.hold,
        "appFirstFrameMilliseconds": app_ms, "consoleFirstFrameMilliseconds": console_ms,
        "appInCall": in_call, "appIdleInSession": idle, "barePipeline": bare,
    }, indent=2) + "\n")


if __name__ == "__main__":
    main()
