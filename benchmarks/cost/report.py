"""The token bill's lines in the printed report, and its goals."""

from __future__ import annotations

from typing import Any

#: Goals from the issue (the 1M-token coding session).
NONE_CUT_GOAL_PCT = 55.0  # the defaults' bill below no compaction
LANGCHAIN_CUT_GOAL_PCT = 25.0  # the defaults' bill below LangChain's middleware
OPTIMUM_GAP_GOAL_PCT = 10.0  # the tuned policy's bill above the cheapest schedule


def _pct_below(value: float, reference: float) -> float | None:
    return round(100.0 * (1 - value / reference), 1) if reference else None


def cost_goals(cost: dict[str, Any]) -> list[tuple[str, str, Any, bool | None]]:
    """(goal, target, measured, met) for the coding session."""
    found: list[tuple[str, str, Any, bool | None]] = []
    row = next((r for r in cost.get("sessions", []) if r["session"]["name"] == "coding"), None)
    if row is None:
        return found
    systems = row["systems"]
    app = systems.get("app")
    if app is None:
        return found
    for other, goal in (("none", NONE_CUT_GOAL_PCT), ("langchain", LANGCHAIN_CUT_GOAL_PCT)):
        data = systems.get(other)
        if not data or "skipped" in data.get("details", {}):
            found.append((f"defaults vs {other}", f">= {goal:g} % below", "skipped", None))
            continue
        below = _pct_below(app["usd"], data["usd"])
        needles_ok = app["needles"]["answerable"] >= data["needles"]["answerable"]
        found.append(
            (
                f"token bill: defaults vs {other} (coding session, $)",
                f">= {goal:g} % below, needles >= theirs",
                f"{below} % below (${app['usd']:.2f} vs ${data['usd']:.2f}); needles "
                f"{app['needles']['answerable']} vs {data['needles']['answerable']}",
                below is not None and below >= goal and needles_ok,
            )
        )
    schedule = row.get("schedule") or {}
    best = schedule.get("optimum", {}).get("usd")
    tuned = systems.get("tuned")
    if best and tuned:
        gap = round(100.0 * (tuned["usd"] / best - 1), 1)
        found.append(
            (
                "token bill: tuned vs the cheapest schedule (coding session, $)",
                f"<= {OPTIMUM_GAP_GOAL_PCT:g} % above",
                f"{gap} % above (${tuned['usd']:.2f} vs ${best:.2f})",
                gap <= OPTIMUM_GAP_GOAL_PCT,
            )
        )
    return found


def cost_lines(cost: dict[str, Any]) -> list[str]:
    if "skipped" in cost:
        return [f"10. Token bill: skipped ({cost['skipped']})", ""]
    policy = cost["policy"]
    lines = [
        "10. Token bill: long sessions replayed through run_turn / LangChain against the "
        "cache-accurate stand-in",
        f"   model {cost['models']['model']}, summarizer {cost['models']['summarizer']}; "
        f"threshold {policy['threshold_tokens']:,} keeping {policy['keep_tokens']:,}; "
        "eq = input-token equivalents (write 1.25x, read 0.1x)",
    ]
    head = (
        f"{'system':<10} {'model eq':>12} {'summ. eq':>10} {'model $':>9} {'summ. $':>8} "
        f"{'total $':>9} {'vs none':>8} {'hit %':>6} {'compact':>7} {'peak ctx':>9} {'needles':>7}"
    )
    for row in cost["sessions"]:
        session = row["session"]
        lines.append(
            f"   {session['label']}: {session['history_tokens']:,} tokens, "
            f"{session['user_turns']} user turns, {session['model_calls']} model calls, "
            f"{session['virtual_hours']} h virtual ({session['cold_gaps']} pauses > 5 min)"
        )
        lines.append(head)
        none_usd = row["systems"].get("none", {}).get("usd")
        for name, data in row["systems"].items():
            if "skipped" in data.get("details", {}):
                lines.append(f"{name:<10} skipped: {data['details']['skipped']}")
                continue
            vs = f"{data['usd'] / none_usd:.3f}x" if none_usd else "-"
            hit = data["cache_read_share"]
            lines.append(
                f"{name:<10} {data['model']['input_equivalents']:>12,} "
                f"{data['summarizer']['input_equivalents']:>10,} {data['model']['usd']:>9.2f} "
                f"{data['summarizer']['usd']:>8.2f} {data['usd']:>9.2f} {vs:>8} "
                f"{(f'{100 * hit:.1f}' if hit is not None else '-'):>6} {data['compactions']:>7} "
                f"{data['peak_context']:>9,} "
                f"{data['needles']['answerable']:>3}/{data['needles']['of']:<3}"
            )
        schedule = row.get("schedule")
        if schedule and "optimum" in schedule:
            best = schedule["optimum"]
            lines.append(
                f"{'optimum':<10} {best['model_eq']:>12,} {best['summarizer_eq']:>10,} "
                f"{best['model_usd']:>9.2f} {best['summarizer_usd']:>8.2f} {best['usd']:>9.2f} "
                f"{'':>8} {'':>6} {best['compactions']:>7}   (cheapest schedule of "
                f"{schedule['policy']} over {schedule['boundaries']} boundaries)"
            )
            for name, check in schedule.get("checks", {}).items():
                lines.append(
                    f"   schedule model vs replay, {name}'s own schedule: model "
                    f"${check['model_usd']:.2f} vs ${check['replay_usd']:.2f} "
                    f"({check['error_pct']:+.2f} %)"
                )
        elif schedule and "skipped" in schedule:
            lines.append(f"   cheapest schedule: skipped ({schedule['skipped']})")
        lines.append("")
    return lines
