#!/usr/bin/env python3
"""Writes conformance/classic/*.json: one classic rule per scenario.

Boards are written from compact rows (the codes of classic_board.py) so
each scenario stays short. Run from the repository root.
"""
import json, os, sys
sys.path.insert(0, os.path.dirname(__file__))

CODES = {'.': ' . ', 'O': '[ ]', 'w': ' w ', 'W': ' W ', 'GL': '(L)', 'GR': '(R)',
         'Dr': '[o]', 'Rad': ' r ', '%': ' % ', '?': ' ? '}

def board(rows, walls=()):
    rows = [[CODES.get(c, c.ljust(3)) for c in r.split()] for r in rows]
    h, w = len(rows), len(rows[0])
    ws = {}
    for x, y, sides in walls:
        ws.setdefault((x, y), set()).update(sides)
    wall = lambda x, y, s: s in ws.get((x, y), ())
    out = []
    for y in range(h + 1):
        s = '+'
        for x in range(w):
            t = y < h and wall(x, y, 'N')
            b = y > 0 and wall(x, y - 1, 'S')
            s += ('---' if t or b else '   ') + '+'
        out.append(s)
        if y == h:
            break
        s = '|' if wall(0, y, 'W') else ' '
        for x in range(w):
            s += rows[y][x]
            s += '|' if wall(x, y, 'E') or (x + 1 < w and wall(x + 1, y, 'W')) else ' '
        out.append(s)
    return out

S = []
def scen(name, about, rows, robots, expect, walls=(), **kw):
    d = {"edition": "classic", "about": about, "board": board(rows, walls)}
    d.update(kw)
    d["robots"] = robots
    d["expect"] = expect
    S.append((name, d))

FLOOR5 = ['. . . . .'] * 5
# A robot parked out of the way: corner (4,4) facing S fires off the board.
PARK = {"at": [4, 4], "facing": "S"}

# --- cards
scen("card-move-1", "Move 1 moves a robot one cell forward", FLOOR5,
     [{"at": [0, 2], "facing": "E", "registers": ["Move 1"]}, PARK],
     {"robots": [{"position": [1, 2], "facing": "E"}]}, run={"registers": 1})
scen("card-move-3", "Move 3 moves a robot three cells forward", FLOOR5,
     [{"at": [0, 2], "facing": "E", "registers": ["Move 3"]}, PARK],
     {"robots": [{"position": [3, 2]}]}, run={"registers": 1})
scen("card-back-up", "Back Up moves a robot one cell backwards, facing kept", FLOOR5,
     [{"at": [2, 2], "facing": "N", "registers": ["Back Up"]}, PARK],
     {"robots": [{"position": [2, 3], "facing": "N"}]}, run={"registers": 1})
scen("card-u-turn", "U-Turn turns a robot half round in place", FLOOR5,
     [{"at": [2, 2], "facing": "N", "registers": ["U-Turn"]}, PARK],
     {"robots": [{"position": [2, 2], "facing": "S"}]}, run={"registers": 1})
scen("card-rotate-left", "Rotate Left turns a robot a quarter to its left", FLOOR5,
     [{"at": [2, 2], "facing": "N", "registers": ["Rotate Left"]}, PARK],
     {"robots": [{"position": [2, 2], "facing": "W"}]}, run={"registers": 1})
scen("card-rotate-right", "Rotate Right turns a robot a quarter to its right", FLOOR5,
     [{"at": [2, 2], "facing": "N", "registers": ["Rotate Right"]}, PARK],
     {"robots": [{"position": [2, 2], "facing": "E"}]}, run={"registers": 1})
scen("card-wall-stops", "a wall stops a move; the rest of the move is lost", FLOOR5,
     [{"at": [0, 2], "facing": "E", "registers": ["Move 3"]}, PARK],
     {"robots": [{"position": [1, 2]}]}, walls=[(1, 2, 'E')], run={"registers": 1})
scen("card-five-registers", "the five registers run in order, one per register", FLOOR5,
     [{"at": [0, 4], "facing": "N", "registers": ["Move 1", "Rotate Right", "Move 2", "Rotate Left", "Move 1"]},
      {"at": [4, 0], "facing": "N"}],
     {"robots": [{"position": [2, 2], "facing": "N"}]}, run="round")
# --- pushing and priority
scen("push-robot", "a moving robot pushes the robot in its way", FLOOR5,
     [{"at": [0, 2], "facing": "E", "registers": ["Move 2"]}, {"at": [1, 2], "facing": "N"}],
     {"robots": [{"position": [2, 2]}, {"position": [3, 2], "facing": "N"}]}, run={"registers": 1})
scen("push-blocked-by-wall", "a robot pushed against a wall stops its pusher", FLOOR5,
     [{"at": [0, 2], "facing": "E", "registers": ["Move 1"]}, {"at": [1, 2], "facing": "N"}],
     {"robots": [{"position": [0, 2]}, {"position": [1, 2]}]}, walls=[(1, 2, 'E')], run={"registers": 1})
scen("priority-higher-first", "the higher priority card moves first (500 before 490)", FLOOR5,
     [{"at": [0, 0], "facing": "E", "registers": ["Move 1 490"]},
      {"at": [2, 0], "facing": "W", "registers": ["Move 1 500"]}],
     {"robots": [{"position": [1, 0]}, {"position": [2, 0]}]}, run={"registers": 1})
scen("priority-lower-second", "the lower priority card moves after (490 after 500), so it is pushed back", FLOOR5,
     [{"at": [0, 0], "facing": "E", "registers": ["Move 1 500"]},
      {"at": [2, 0], "facing": "W", "registers": ["Move 1 490"]}],
     {"robots": [{"position": [0, 0]}, {"position": [1, 0]}]}, run={"registers": 1})
scen("push-into-pit", "a robot pushed into a pit is destroyed and loses a life", ['. . O . .'] + FLOOR5[1:],
     [{"at": [0, 0], "facing": "E", "registers": ["Move 1"]}, {"at": [1, 0], "facing": "S"}],
     {"robots": [{"position": [1, 0]}, {"position": None, "lives": 2}]}, run={"registers": 1})
# --- destruction
scen("pit-destroys", "a robot entering a pit is destroyed: off the board, a life lost", ['. . O . .'] + FLOOR5[1:],
     [{"at": [0, 0], "facing": "E", "registers": ["Move 3"]}, PARK],
     {"robots": [{"position": None, "lives": 2}]}, run={"registers": 1})
scen("edge-destroys", "a robot leaving the board is destroyed", FLOOR5,
     [{"at": [1, 2], "facing": "W", "registers": ["Move 3"]}, PARK],
     {"robots": [{"position": None, "lives": 2}]}, run={"registers": 1})
scen("ten-damage-destroys", "the tenth damage token destroys a robot", ['L>1 . . . .'] + FLOOR5[1:],
     [{"at": [2, 0], "facing": "N", "damage": 9}, PARK],
     {"robots": [{"position": None, "lives": 2, "damage": 10}]}, walls=[(0, 0, 'W')], run={"registers": 1})
scen("re-entry-on-archive", "a destroyed robot re-enters at the end of the turn on its archive marker with 2 damage, facing its owner's choice",
     ['. . O . .'] + FLOOR5[1:],
     [{"at": [0, 0], "facing": "E", "archive": [0, 3], "registers": ["Move 3"], "answers": ["face E"]}, PARK],
     {"robots": [{"position": [0, 3], "facing": "E", "damage": 2, "lives": 2}]}, run="round")
scen("re-entry-virtual", "a robot re-entering on an occupied archive cell is virtual",
     ['. . O . .'] + FLOOR5[1:],
     [{"at": [0, 0], "facing": "E", "archive": [3, 3], "registers": ["Move 3"], "answers": ["face W"]},
      {"at": [3, 3], "facing": "S"}],
     {"robots": [{"position": [3, 3], "ghost": True}, {"position": [3, 3], "ghost": False}]}, run="round")
scen("virtual-not-hit", "a virtual robot is not hit by lasers and does not block them", ['L>1 . . . .'] + FLOOR5[1:],
     [{"at": [2, 0], "facing": "S", "ghost": True}, {"at": [2, 0], "facing": "S"}],
     {"robots": [{"damage": 0, "ghost": True}, {"damage": 1}]}, walls=[(0, 0, 'W')], run={"registers": 1})
scen("virtual-becomes-real", "a virtual robot that stands alone becomes real", FLOOR5,
     [{"at": [2, 2], "facing": "N", "ghost": True, "registers": ["Move 1"]}, {"at": [2, 2], "facing": "S"}],
     {"robots": [{"position": [2, 1], "ghost": False}]}, run={"registers": 1})
scen("virtual-does-not-push", "a virtual robot moves through robots without pushing them", FLOOR5,
     [{"at": [0, 2], "facing": "E", "ghost": True, "registers": ["Move 2"]}, {"at": [1, 2], "facing": "N"},
      {"at": [0, 2], "facing": "S"}],
     {"robots": [{"position": [2, 2]}, {"position": [1, 2]}]}, run={"registers": 1})
scen("last-life-out", "a robot that loses its last life is out; with no robot left the game ends without a winner",
     ['. . O . .'] + FLOOR5[1:],
     [{"at": [0, 0], "facing": "E", "lives": 1, "registers": ["Move 3"]},
      {"at": [4, 1], "facing": "E", "lives": 1, "registers": ["Move 1"]}],
     {"robots": [{"lives": 0, "position": None}, {"lives": 0, "position": None}], "winner": None, "over": True}, run="end")
# --- belts, pushers, gears
scen("express-belt-twice", "an express belt moves a robot two cells a register", ['e> e> e> . .'] + FLOOR5[1:],
     [{"at": [0, 0], "facing": "N"}, PARK],
     {"robots": [{"position": [2, 0], "facing": "N"}]}, run={"registers": 1})
scen("normal-belt-once", "a conveyor belt moves a robot one cell a register", ['y> y> y> . .'] + FLOOR5[1:],
     [{"at": [0, 0], "facing": "N"}, PARK],
     {"robots": [{"position": [1, 0]}]}, run={"registers": 1})
scen("belt-curve-turns", "a belt carrying a robot onto a curve turns it", ['e> evr . . .', '. ev . . .'] + FLOOR5[2:],
     [{"at": [0, 0], "facing": "E"}, PARK],
     {"robots": [{"position": [1, 1], "facing": "S"}]}, run={"registers": 1})
scen("belt-does-not-push", "a belt does not push a robot standing in its way", ['y> . . . .'] + FLOOR5[1:],
     [{"at": [0, 0], "facing": "N"}, {"at": [1, 0], "facing": "N"}],
     {"robots": [{"position": [0, 0]}, {"position": [1, 0]}]}, run={"registers": 1})
scen("belt-into-pit", "a belt carries a robot into a pit", ['y> O . . .'] + FLOOR5[1:],
     [{"at": [0, 0], "facing": "N"}, PARK],
     {"robots": [{"position": None, "lives": 2}]}, run={"registers": 1})
scen("pusher-own-register", "a pusher marked 1/3/5 pushes in register 1", ['. p>1 . . .'] + FLOOR5[1:],
     [{"at": [1, 0], "facing": "N"}, PARK],
     {"robots": [{"position": [2, 0]}]}, walls=[(1, 0, 'W')], run={"registers": 1})
scen("pusher-other-register", "a pusher marked 2/4 does not push in register 1", ['. p>2 . . .'] + FLOOR5[1:],
     [{"at": [1, 0], "facing": "N"}, PARK],
     {"robots": [{"position": [1, 0]}]}, walls=[(1, 0, 'W')], run={"registers": 1})
scen("gear-right", "a right gear turns a robot a quarter to the right", ['GR . . . .'] + FLOOR5[1:],
     [{"at": [0, 0], "facing": "N"}, PARK],
     {"robots": [{"facing": "E"}]}, run={"registers": 1})
scen("gear-left", "a left gear turns a robot a quarter to the left", ['GL . . . .'] + FLOOR5[1:],
     [{"at": [0, 0], "facing": "N"}, PARK],
     {"robots": [{"facing": "W"}]}, run={"registers": 1})
scen("belt-before-gear", "belts move before gears turn: a robot carried onto a gear is turned the same register", ['y> GR . . .'] + FLOOR5[1:],
     [{"at": [0, 0], "facing": "N"}, PARK],
     {"robots": [{"position": [1, 0], "facing": "E"}]}, run={"registers": 1})
# --- lasers
scen("board-laser-one", "a board laser hits the first robot in its beam for one damage", ['L>1 . . . .'] + FLOOR5[1:],
     [{"at": [2, 0], "facing": "N"}, {"at": [4, 0], "facing": "N"}],
     {"robots": [{"damage": 1}, {"damage": 0}]}, walls=[(0, 0, 'W')], run={"registers": 1})
scen("board-laser-two-beams", "a double board laser deals two damage", ['L>2 . . . .'] + FLOOR5[1:],
     [{"at": [3, 0], "facing": "N"}, PARK],
     {"robots": [{"damage": 2}]}, walls=[(0, 0, 'W')], run={"registers": 1})
scen("board-laser-wall", "a wall stops a board laser's beam", ['L>1 . . . .'] + FLOOR5[1:],
     [{"at": [3, 0], "facing": "N"}, PARK],
     {"robots": [{"damage": 0}]}, walls=[(0, 0, 'W'), (1, 0, 'E')], run={"registers": 1})
scen("robot-lasers-at-once", "robots facing each other fire at once: both are hit", FLOOR5,
     [{"at": [0, 2], "facing": "E"}, {"at": [4, 2], "facing": "W"}],
     {"robots": [{"damage": 1}, {"damage": 1}]}, run={"registers": 1})
scen("robot-laser-wall", "a wall between two robots stops their lasers", FLOOR5,
     [{"at": [0, 2], "facing": "E"}, {"at": [4, 2], "facing": "W"}],
     {"robots": [{"damage": 0}, {"damage": 0}]}, walls=[(2, 2, 'E')], run={"registers": 1})
scen("robot-laser-nearest", "a robot's laser hits only the nearest robot in line", FLOOR5,
     [{"at": [0, 2], "facing": "E"}, {"at": [2, 2], "facing": "N"}, {"at": [4, 2], "facing": "N"}],
     {"robots": [{"damage": 0}, {"damage": 1}, {"damage": 0}]}, run={"registers": 1})
scen("moved-then-fire", "robots fire after moving: a robot that moved out of a laser's line is not hit", FLOOR5,
     [{"at": [0, 2], "facing": "E"}, {"at": [3, 1], "facing": "S", "registers": ["Back Up"]}],
     {"robots": [{"damage": 0}, {"position": [3, 0], "damage": 0}]}, run={"registers": 1})
scen("move-into-fire", "a robot that moves into a laser's line this register is hit", FLOOR5,
     [{"at": [0, 2], "facing": "E"}, {"at": [3, 3], "facing": "N", "registers": ["Move 1"]}],
     {"robots": [{"damage": 0}, {"position": [3, 2], "damage": 1}]}, run={"registers": 1})
# --- flags and repairs
scen("flag-in-order", "touching flag 1 counts and moves the archive marker", FLOOR5,
     [{"at": [0, 2], "facing": "E", "registers": ["Move 2"]}, PARK],
     {"robots": [{"flags": 1, "archive": [2, 2]}]}, flags=[[2, 2], [2, 4]], run={"registers": 1})
scen("flag-out-of-order", "touching flag 2 before flag 1 does not count, though the archive marker moves there", FLOOR5,
     [{"at": [0, 4], "facing": "E", "registers": ["Move 2"]}, {"at": [4, 0], "facing": "N"}],
     {"robots": [{"flags": 0, "archive": [2, 4]}]}, flags=[[2, 2], [2, 4]], run={"registers": 1})
scen("last-flag-wins", "touching the last flag in order wins the game at once", FLOOR5,
     [{"at": [0, 4], "facing": "E", "flags": 1, "registers": ["Move 2", "Move 1"]}, {"at": [4, 0], "facing": "N"}],
     {"robots": [{"flags": 2, "position": [2, 4]}], "winner": 0, "over": True}, flags=[[2, 2], [2, 4]], run={"registers": 2})
scen("repair-site-end-of-turn", "a robot on a repair site at the end of the turn loses one damage token", ['. . w . .'] + FLOOR5[1:],
     [{"at": [2, 0], "facing": "N", "damage": 3}, PARK],
     {"robots": [{"damage": 2, "archive": [2, 0]}]}, run="round")
scen("flag-repairs", "a robot on a flag at the end of the turn loses one damage token", FLOOR5,
     [{"at": [2, 2], "facing": "N", "damage": 3}, PARK],
     {"robots": [{"damage": 2}]}, flags=[[2, 2], [0, 0]], run="round")
scen("repair-only-at-end", "a robot passing over a repair site during the turn is not repaired", ['. w . . .'] + FLOOR5[1:],
     [{"at": [0, 0], "facing": "E", "damage": 3, "registers": ["Move 3"]}, PARK],
     {"robots": [{"damage": 3, "position": [3, 0]}]}, run="round")
# --- locks and power down
scen("locked-register-stays", "register 5 is locked at 5 damage: its card stays after the wipe", FLOOR5,
     [{"at": [0, 0], "facing": "S", "damage": 5, "registers": ["Rotate Left 70", "Rotate Left 90", "Rotate Left 110", "Rotate Left 130", "Rotate Left 150"]}, {"at": [4, 0], "facing": "N"}],
     {"robots": [{"registers": [None, None, None, None, "Rotate Left 150"]}]}, run="round")
scen("unlocked-registers-wiped", "at 4 damage no register is locked: all are wiped", FLOOR5,
     [{"at": [0, 0], "facing": "S", "damage": 4, "registers": ["Rotate Left 70", "Rotate Left 90", "Rotate Left 110", "Rotate Left 130", "Rotate Left 150"]}, {"at": [4, 0], "facing": "N"}],
     {"robots": [{"registers": [None, None, None, None, None]}]}, run="round")
scen("powered-down-does-not-fire", "a powered-down robot does not fire its laser", FLOOR5,
     [{"at": [0, 2], "facing": "E", "power": "down"}, {"at": [4, 2], "facing": "N"}],
     {"robots": [{"damage": 0}, {"damage": 0}]}, run={"registers": 1})
scen("powered-down-is-hit", "a powered-down robot is still hit by lasers", FLOOR5,
     [{"at": [0, 2], "facing": "E", "power": "down"}, {"at": [4, 2], "facing": "W"}],
     {"robots": [{"damage": 1}, {"damage": 0}]}, run={"registers": 1})
scen("stay-down", "at the end of a powered-down turn the owner may stay down", FLOOR5,
     [{"at": [0, 0], "facing": "N", "power": "down", "answers": ["stay down"]}, {"at": [4, 0], "facing": "N"}],
     {"robots": [{"power": "announced"}]}, run="round")
scen("power-up-again", "at the end of a powered-down turn the owner may power up", FLOOR5,
     [{"at": [0, 0], "facing": "N", "power": "down", "answers": ["power up"]}, {"at": [4, 0], "facing": "N"}],
     {"robots": [{"power": "on"}]}, run="round")
scen("power-down-clears-damage", "a robot powering down has its damage cleared as the next turn is dealt", FLOOR5,
     [{"at": [0, 0], "facing": "N", "damage": 4, "power": "announced"}, {"at": [4, 0], "facing": "N"}],
     {"robots": [{"damage": 0, "power": "down"}]}, run={"registers": 6}, start="register 5")

# --- more elements
scen("drain-destroys", "a drain destroys a robot that enters it, as a pit does", ['. . Dr . .'] + FLOOR5[1:],
     [{"at": [0, 0], "facing": "E", "registers": ["Move 2"]}, PARK],
     {"robots": [{"position": None, "lives": 2}]}, run={"registers": 1})
scen("belt-into-drain", "a belt carrying a robot into a drain destroys it", ['y> Dr . . .'] + FLOOR5[1:],
     [{"at": [0, 0], "facing": "N"}, PARK],
     {"robots": [{"position": None, "lives": 2}]}, run={"registers": 1})
scen("trap-door-open", "a trap door is a pit in its registers: entering it in register 1 destroys", ['. [1] . . .'] + FLOOR5[1:],
     [{"at": [0, 0], "facing": "E", "registers": ["Move 2"]}, PARK],
     {"robots": [{"position": None, "lives": 2}]}, run={"registers": 1})
scen("trap-door-closed", "a trap door is floor outside its registers: a 2/4 door carries a robot in register 1", ['. [2] . . .'] + FLOOR5[1:],
     [{"at": [0, 0], "facing": "E", "registers": ["Move 1"]}, PARK],
     {"robots": [{"position": [1, 0], "lives": 3}]}, run={"registers": 1})
scen("trap-door-opens-under", "a robot standing on a trap door falls when its register begins", ['. [2] . . .'] + FLOOR5[1:],
     [{"at": [1, 0], "facing": "S", "registers": [None, "Move 1"]}, PARK],
     {"robots": [{"position": None, "lives": 2}]}, run={"registers": 2})
scen("crusher-active", "a crusher destroys the robot on it in its registers (after gears)", ['. X1 . . .'] + FLOOR5[1:],
     [{"at": [1, 0], "facing": "S"}, PARK],
     {"robots": [{"position": None, "lives": 2}]}, run={"registers": 1})
scen("crusher-idle", "a crusher does nothing outside its registers", ['. X2 . . .'] + FLOOR5[1:],
     [{"at": [1, 0], "facing": "S"}, PARK],
     {"robots": [{"position": [1, 0], "lives": 3}]}, run={"registers": 1})
scen("belt-onto-crusher", "a belt carries a robot onto an active crusher before it crushes", ['y> X1 . . .'] + FLOOR5[1:],
     [{"at": [0, 0], "facing": "S"}, PARK],
     {"robots": [{"position": None, "lives": 2}]}, run={"registers": 1})
scen("flamer-burns", "an active flamer burns the robot standing on it: 1 damage", ['. F1 . . .'] + FLOOR5[1:],
     [{"at": [1, 0], "facing": "S"}, PARK],
     {"robots": [{"damage": 1}]}, run={"registers": 1})
scen("flamer-entry", "moving into an active flamer burns once on entry and once in the flamer step", ['. F1 . . .'] + FLOOR5[1:],
     [{"at": [0, 0], "facing": "E", "registers": ["Move 1"]}, PARK],
     {"robots": [{"position": [1, 0], "damage": 2}]}, run={"registers": 1})
scen("flamer-idle", "a flamer outside its registers does nothing", ['. F2 . . .'] + FLOOR5[1:],
     [{"at": [0, 0], "facing": "E", "registers": ["Move 1"]}, PARK],
     {"robots": [{"position": [1, 0], "damage": 0}]}, run={"registers": 1})
scen("waste-every-register", "radioactive waste deals 1 damage in every register", ['. % . . .'] + FLOOR5[1:],
     [{"at": [1, 0], "facing": "S"}, PARK],
     {"robots": [{"damage": 2}]}, run={"registers": 2})
scen("waste-spares-virtual", "a virtual robot on radioactive waste takes no damage", ['. % . . .'] + FLOOR5[1:],
     [{"at": [1, 0], "facing": "S", "ghost": True}, {"at": [1, 0], "facing": "S"}],
     {"robots": [{"damage": 0, "ghost": True}, {"damage": 1}]}, run={"registers": 1})
scen("radiation-end-of-turn", "radiation deals 1 damage at the end of the turn, not during registers", ['. Rad . . .'] + FLOOR5[1:],
     [{"at": [1, 0], "facing": "S", "damage": 1}, PARK],
     {"robots": [{"damage": 2}]}, run="round")
scen("radiation-registers", "radiation does nothing during the registers", ['. Rad . . .'] + FLOOR5[1:],
     [{"at": [1, 0], "facing": "S"}, PARK],
     {"robots": [{"damage": 0}]}, run={"registers": 5})
scen("randomizer-replaces", "a randomizer replaces the card of the robot on it at the reveal (seed 7 draws Rotate Left 410) and the new card runs", ['? . . . .'] + FLOOR5[1:],
     [{"at": [0, 0], "facing": "E", "registers": ["U-Turn 10", "Move 1"]}, PARK],
     {"robots": [{"facing": "N", "registers": ["Rotate Left 410", "Move 1 490", None, None, None]}]},
     run={"registers": 1}, seed=7)

out = os.path.join('conformance', 'classic')
os.makedirs(out, exist_ok=True)
for i, (name, d) in enumerate(S, 1):
    path = os.path.join(out, f'{i:02}-{name}.json')
    with open(path, 'w') as f:
        json.dump(d, f, indent=2)
        f.write('\n')
print(len(S), 'scenarios')
