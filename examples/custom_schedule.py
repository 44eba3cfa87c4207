"""A seven-deal contract schedule written in TOML, loaded, and played as May I?.

Run: python examples/custom_schedule.py [--seed 5]
"""

from __future__ import annotations

import argparse
import random
import tempfile
from pathlib import Path

from rummykit import ContractSchedule, game
from rummykit.agents import Agent, heuristic_agent
from rummykit.simulate import play

# Seven deals in the style of the published US game: 10 cards, then 12 for the big
# contracts; no going out by discarding in the last deal (MAYI-13.2, 17.4).
SEVEN_DEALS = """\
name = "Seven deals"
hand_size = 10
exact = true
distinct_ranks = true
discard_out_forbidden = ["last"]

[[deal]]
contract = "2G"

[[deal]]
contract = "1G+1R"

[[deal]]
contract = "2R"

[[deal]]
contract = "3G"

[[deal]]
contract = "2G+1R"
hand_size = 12

[[deal]]
contract = "1G+2R"
hand_size = 12

[[deal]]
contract = "3R"
hand_size = 12
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "seven.toml"
        path.write_text(SEVEN_DEALS, encoding="utf-8")
        schedule = ContractSchedule.from_toml(path)  # mistakes name the file and line

    # Any ContractSchedule (or a TOML path) is a value of the contract_schedule option.
    definition = game("may-i", contract_schedule=schedule)
    match = definition.new_match(players=4, seed=args.seed)
    agents: list[Agent] = [heuristic_agent(definition) for _ in range(4)]
    play(match, agents, rng=random.Random(args.seed))

    for number, scores in enumerate(match.deal_scores, start=1):
        deal = match.schedule[number]
        nets = " ".join(f"{score.net:+5d}" for score in scores)
        print(f"deal {number}: {deal.contract!s:<6} {deal.hand_size:>2} cards {nets}")
    outcome = match.outcome
    assert outcome is not None
    print("totals:", match.scores, "winner:", ", ".join("ABCD"[s] for s in outcome.winners))


if __name__ == "__main__":
    main()
