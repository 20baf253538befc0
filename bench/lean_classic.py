"""Lean reference: classic Machi Koro (base set) random playouts, a speed floor.

Plain lists and ints, one random.Random(seed) per game; rules as in RULES.md 1-2:
2-4 players, 3 coins, Wheat Field + Bakery; 15 establishments (6 each, purple 4 and one per
player); landmarks 4/10/16/22, effective from the owner's next turn; red (counter-clockwise
from the roller's right, clamped) before blue/green before purple; one optional build; the
game ends at once when a player owns all four landmarks.
A *decision* is one step of a step-by-step engine, taken uniformly at random among the legal
options: the roll (1 or 2 dice, or the single option without Train Station), Radio Tower
keep/reroll, the TV Station target, Business Center (skip or one concrete swap; asked only
when a swap exists) and the build (pass or one affordable item). Forced steps count.

    python lean_classic.py GAMES PLAYERS   ->  games_per_s=<float> decisions_per_game=<float>
"""
import random
import sys
import time
from collections import Counter

# establishments in dice order, and the four landmarks; costs by index
(WHEAT, RANCH, BAKERY, CAFE, STORE, FOREST, STADIUM, TV, BUSINESS, CHEESE, FURNITURE, MINE,
 FAMILY, ORCHARD, MARKET) = range(15)
COST = [1, 1, 1, 2, 2, 3, 6, 7, 8, 5, 3, 6, 3, 3, 2]
TRAIN, MALL, PARK, RADIO = range(4)
MARK_COST = [4, 10, 16, 22]
PURPLE = (STADIUM, TV, BUSINESS)
NON_PURPLE = tuple(i for i in range(15) if i not in PURPLE)
BY_COST = sorted(range(15), key=COST.__getitem__)
SUPPLY = [4 if i in PURPLE else 6 for i in range(15)]
BLUE = {1: (WHEAT, 1), 2: (RANCH, 1), 5: (FOREST, 1), 9: (MINE, 5), 10: (ORCHARD, 3)}
DONE, AGAIN, WON = 0, 1, 2


class Game:
    __slots__ = ("n", "coins", "cards", "marks", "supply", "rnd", "choose", "decisions", "turns")

    def __init__(self, players, seed):
        if not 2 <= players <= 4:
            raise ValueError("classic Machi Koro is for 2-4 players")
        self.n = players
        self.coins = [3] * players
        self.cards = [[1, 0, 1] + [0] * 12 for _ in range(players)]   # Wheat Field + Bakery
        self.marks = [[0, 0, 0, 0] for _ in range(players)]
        self.supply = SUPPLY[:]
        self.rnd = random.Random(seed).random
        self.choose = self.choose_random
        self.decisions = self.turns = 0

    def choose_random(self, options):
        self.decisions += 1
        if len(options) == 1:
            return options[0]
        return options[int(self.rnd() * len(options))]

    def take(self, src, dst, amount):
        paid = min(amount, self.coins[src])     # coins never go below 0; the rest is lost
        self.coins[src] -= paid
        self.coins[dst] += paid

    def roll(self, dice):
        a = int(self.rnd() * 6) + 1
        if dice == 1:
            return a, False
        b = int(self.rnd() * 6) + 1
        return a + b, a == b

    def activate(self, p, total):
        n, coins, cards, marks = self.n, self.coins, self.cards, self.marks
        # 1. red: others' Cafés (3) / Family Restaurants (9-10), from p's right, counter-clockwise
        red = CAFE if total == 3 else FAMILY if total in (9, 10) else -1
        if red >= 0:
            per_copy = 1 if red == CAFE else 2
            for i in range(1, n):
                q = (p - i) % n
                if cards[q][red] and coins[p]:
                    self.take(p, q, cards[q][red] * (per_copy + marks[q][MALL]))
        # 2. blue for everyone, green for the roller only
        if total in BLUE:
            card, amount = BLUE[total]
            for q in range(n):
                coins[q] += amount * cards[q][card]
        mine = cards[p]
        if total in (2, 3):
            coins[p] += mine[BAKERY] * (1 + marks[p][MALL])
        elif total == 4:
            coins[p] += mine[STORE] * (3 + marks[p][MALL])
        elif total == 7:
            coins[p] += mine[CHEESE] * 3 * mine[RANCH]
        elif total == 8:
            coins[p] += mine[FURNITURE] * 3 * (mine[FOREST] + mine[MINE])
        elif total >= 11:
            coins[p] += mine[MARKET] * 2 * (mine[WHEAT] + mine[ORCHARD])
        elif total == 6:                       # 3. purple, roller only
            others = [q for q in range(n) if q != p]
            if mine[STADIUM]:
                for q in others:
                    self.take(q, p, 2)
            if mine[TV]:
                self.take(self.choose(others), p, 5)
            if mine[BUSINESS]:
                swaps = [(give, q, want) for give in NON_PURPLE if mine[give] for q in others
                         for want in NON_PURPLE if cards[q][want]]
                if swaps:
                    swap = self.choose([None] + swaps)
                    if swap:
                        give, q, want = swap
                        mine[give] -= 1
                        cards[q][give] += 1
                        cards[q][want] -= 1
                        mine[want] += 1

    def build(self, p):
        money, mine, marks, supply = self.coins[p], self.cards[p], self.marks[p], self.supply
        options = [-1]                                  # -1 = pass
        for i in BY_COST:
            if COST[i] > money:
                break
            if supply[i] and not (mine[i] and i in PURPLE):
                options.append(i)
        for j in range(4):                              # landmarks are listed by cost
            if MARK_COST[j] > money:
                break
            if not marks[j]:
                options.append(15 + j)
        pick = self.choose(options)
        if pick < 0:
            return False
        if pick < 15:
            supply[pick] -= 1
            mine[pick] += 1
            self.coins[p] -= COST[pick]
            return False
        marks[pick - 15] = 1
        self.coins[p] -= MARK_COST[pick - 15]
        return marks[0] and marks[1] and marks[2] and marks[3]

    def take_turn(self, p, extra):
        """One turn of seat p; returns WON, AGAIN (Amusement Park extra turn) or DONE."""
        self.turns += 1
        marks = self.marks[p]
        park = marks[PARK]                     # a park built during this turn does not count yet
        dice = self.choose((1, 2) if marks[TRAIN] else (1,))
        total, doubles = self.roll(dice)
        if marks[RADIO] and self.choose((False, True)):
            total, doubles = self.roll(dice)
        self.activate(p, total)
        if self.build(p):
            return WON
        return AGAIN if doubles and park and not extra else DONE


def play_game(players, seed, max_turns=100_000):
    g = Game(players, seed)
    p = 0
    while g.turns < max_turns:
        result = g.take_turn(p, False)
        if result == AGAIN:
            result = g.take_turn(p, True)
        if result == WON:
            return g, p
        p = (p + 1) % players
    raise RuntimeError(f"no winner after {max_turns} turns (players={players}, seed={seed})")


def play(players: int, seed: int) -> tuple[int, int]:
    g, winner = play_game(players, seed)
    return winner, g.decisions


def check_invariants(g, winner):
    for i in range(15):
        owned = sum(c[i] for c in g.cards)
        assert g.supply[i] >= 0 and g.supply[i] + owned == SUPPLY[i] + (g.n if i in (WHEAT, BAKERY) else 0)
    assert all(c >= 0 for c in g.coins)
    assert all(c[i] <= 1 for c in g.cards for i in PURPLE)
    assert all(g.marks[winner]) and sum(map(all, g.marks)) == 1   # the game stopped at once


def selfcheck():
    face = lambda f: (f - 0.5) / 6              # an rnd() value that rolls face f

    def script(*picks):                         # a policy that plays the given legal picks
        picks = list(picks)

        def choose(options):
            assert picks[0] in options, (picks[0], options)
            return picks.pop(0)
        return choose
    # rulebook: A rolls 3 with 0 coins, B has a Café: B gets nothing, A still earns 2 Bakeries
    g = Game(2, 0)
    g.coins = [0, 3]
    g.cards[0][BAKERY], g.cards[1][CAFE] = 2, 1
    g.activate(0, 3)
    assert g.coins == [2, 3], g.coins
    # rulebook: A (3 coins) rolls 3; B has 3 Cafés, C 2: C (on A's right side first) takes 2, B 1
    g = Game(4, 0)
    g.cards[1][CAFE], g.cards[2][CAFE], g.cards[0][BAKERY] = 3, 2, 0
    g.activate(0, 3)
    assert g.coins == [0, 4, 5, 3], g.coins
    # Shopping Mall: 2 Bakeries pay 4; a Family Restaurant takes 3
    g = Game(2, 0)
    g.cards[0][BAKERY], g.marks[0][MALL] = 2, 1
    g.activate(0, 2)
    assert g.coins == [7, 3], g.coins
    g.cards[0][FAMILY] = 1
    g.activate(1, 9)
    assert g.coins == [10, 0], g.coins
    # purple on a 6: Stadium clamps, TV takes 5 from the chosen seat, Business Center swaps
    g = Game(3, 0)
    g.coins = [0, 1, 9]
    g.cards[0][STADIUM] = g.cards[0][TV] = g.cards[0][BUSINESS] = 1
    g.cards[2][MINE] = 1
    g.choose = script(2, (WHEAT, 2, MINE))
    g.activate(0, 6)
    assert g.coins == [8, 0, 2] and g.cards[0][MINE] == 1 and g.cards[2][WHEAT] == 2, g.coins
    # Amusement Park: doubles give one extra turn, not chained; a park built this turn waits
    g = Game(2, 0)
    g.marks[0][TRAIN] = g.marks[0][PARK] = 1
    g.rnd = iter([face(1)] * 4).__next__
    g.choose = script(2, -1, 2, -1)
    assert g.take_turn(0, False) == AGAIN and g.take_turn(0, True) == DONE
    g = Game(2, 0)
    g.marks[0][TRAIN], g.coins[0] = 1, 16
    g.rnd = iter([face(4), face(4)]).__next__
    g.choose = script(2, 15 + PARK)
    assert g.take_turn(0, False) == DONE and g.marks[0][PARK] == 1 and g.coins[0] == 0
    # Radio Tower: the reroll (same number of dice) replaces the first roll
    g = Game(2, 0)
    g.marks[0][RADIO], g.cards[0][STORE] = 1, 1
    g.rnd = iter([face(2), face(4)]).__next__
    g.choose = script(1, True, -1)
    g.take_turn(0, False)
    assert g.coins == [6, 3], g.coins           # Store paid 3 on the 4; the Bakery's 2 did not count
    # dice are fair six-siders, doubles about 1/6
    g = Game(2, 1)
    faces = Counter(g.roll(1)[0] for _ in range(60_000))
    assert sorted(faces) == [1, 2, 3, 4, 5, 6] and all(9_000 < k < 11_000 for k in faces.values()), faces
    doubles = sum(g.roll(2)[1] for _ in range(60_000))
    assert 9_000 < doubles < 11_000, doubles
    # whole games: bookkeeping holds, replays are exact
    for players in (2, 3, 4):
        for seed in range(50):
            g, winner = play_game(players, seed)
            check_invariants(g, winner)
            assert play(players, seed) == (winner, g.decisions)


if __name__ == "__main__":
    games, players = int(sys.argv[1]), int(sys.argv[2])
    selfcheck()
    decisions = 0
    t0 = time.perf_counter()
    for seed in range(games):
        decisions += play(players, seed)[1]
    dt = time.perf_counter() - t0
    print(f"games_per_s={games / dt:.1f} decisions_per_game={decisions / games:.1f}")
