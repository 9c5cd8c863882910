// The roborally server protocol: every message, lobby body, and the
// setups, actions, decisions, events, views and outcomes of every edition.
// Generated from the Rust types (via roborally.schema.json): do not edit.

/**
 * An answer in any edition. Ordered by edition, then by the
 * edition's order.
 */
export type AnyAction = {
  classic: ClassicAction;
} | {
  "2023": V2023Action;
} | {
  transformers: TransformersAction;
} | {
  conquest: ConquestAction;
};

/** What a game of any edition waits for. */
export type AnyDecision = {
  classic: ClassicDecision;
} | {
  "2023": V2023Decision;
} | {
  transformers: TransformersDecision;
} | {
  conquest: ConquestDecision;
};

/** An event of any edition. */
export type AnyEvent = {
  classic: ClassicEvent;
} | {
  "2023": V2023Event;
} | {
  transformers: TransformersEvent;
} | {
  conquest: ConquestEvent;
};

/** The end of a game of any edition. */
export type AnyOutcome = {
  classic: ClassicOutcome;
} | {
  "2023": Outcome;
} | {
  transformers: TransformersOutcome;
} | {
  conquest: ConquestOutcome;
};

/** A player's view in any edition. */
export type AnyView = {
  classic: ClassicView;
} | {
  "2023": V2023View;
} | {
  transformers: TransformersView;
} | {
  conquest: ConquestView;
};

/** A refused request. */
export type ApiErrorBody = {
  /** What kind of refusal. */
  error: ErrorCode;
  /** In words. */
  message: string;
};

/** What a seat is asked. */
export type Asked = {
  /** The kind of decision. */
  decision: AnyDecision;
  /**
   * Every legal answer, when the edition can list them (`null` when
   * there are too many, as for a whole program).
   */
  legal?: AnyAction[] | null;
  /**
   * One legal answer picked at random, when there are too many to
   * list: a starting point a front end may offer (the same on every
   * state frame of one point of the game, after a restart too).
   */
  suggestion?: AnyAction | null;
};

/** A physical card: `c` and its number (its display form). */
export type CardId = string;

/** Why a robot changed cell. */
export type Cause = "Move" | {
  Push: {
    /** The robot in contact that pushed it. */
    by?: RobotId | null;
  };
} | "Conveyed" | "Placed" | "Slide";

/** Answers to the game's decisions. */
export type ClassicAction = {
  Program: ClassicCard;
} | {
  Announce: boolean;
} | {
  StayDown: boolean;
} | {
  Dock: Pos;
} | {
  Chop: ClassicChop;
} | {
  Enter: {
    /** Powered down next turn. */
    down: boolean;
    /** Its facing. */
    facing: Dir;
  };
} | {
  Face: Dir;
} | "TimeUp" | {
  Prevent: number | null;
} | {
  LoseOption: number;
} | {
  Distance: number;
} | {
  Fire: ClassicOptionCard | null;
} | {
  UseOption: boolean;
} | {
  Reengineer: number | null;
} | {
  KeepOption: number;
} | {
  TakeOption: boolean;
} | {
  Aim: ClassicAim;
} | {
  Park: {
    /** The card. */
    card: ClassicCard;
    /** The option (Flywheel, Conditional or Robo-Copter). */
    option: ClassicOptionCard;
  };
} | {
  Set: {
    /** The option (held by the robot). */
    option: ClassicOptionCard;
    /** Its setting. */
    setting: ClassicSetting;
  };
} | {
  Stack: {
    /** The second card, from the hand. */
    card: ClassicCard;
    /** The option that allows it. */
    option: ClassicOptionCard;
    /** The register (1 to 5), holding its primary card. */
    register: number;
  };
} | {
  Gadget: {
    /** The option (held by the robot). */
    option: ClassicOptionCard;
    /** The register (1 to 5). */
    register: number;
  };
} | {
  Hop: boolean;
} | {
  Bomb: ClassicCard;
} | {
  Scavenge: number | null;
};

/** Fire Control's choice for one hit of the main laser. */
export type ClassicAim = "Damage" | {
  Lock: number;
} | {
  Destroy: number;
};

/** A buzz bomb's cards this turn, seen by its owner only. */
export type ClassicBombProgram = {
  /**
   * The cards dealt to the bomb and not yet in its registers (`None`:
   * programmed, or not dealt when the deck ran short).
   */
  hand: (ClassicCard | null)[];
  /** The bomb's registers. */
  registers: (ClassicCard | null)[];
};

/**
 * One program card: its kind and its priority number (10 to 840, each
 * card's own).
 *
 * ```
 * use variant_classic::cards::{deck, Kind};
 * let d = deck();
 * assert_eq!(d.len(), 84);
 * assert_eq!(d.iter().filter(|c| c.kind == Kind::Move1).count(), 18);
 * assert_eq!(d.iter().map(|c| c.priority).max(), Some(840));
 * assert_eq!(d[0].to_string(), "U-Turn 10");
 * ```
 */
export type ClassicCard = {
  /** What it does. */
  kind: ClassicKind;
  /** Its priority number. */
  priority: number;
};

/**
 * A chop shop's offer to a robot that touches it: a free option if it
 * holds none, scrapping one of its options for a new draw, refilling the
 * payload of one, or nothing.
 */
export type ClassicChop = "Draw" | {
  Scrap: number;
} | {
  Refill: number;
} | "Pass";

/** What the game waits for. */
export type ClassicDecision = "Program" | "StayDown" | "ReEnter" | "Dock" | "Facing" | "Prevent" | "ChopShop" | "LoseOption" | "Distance" | "Weapon" | {
  UseOption: ClassicOptionCard;
} | "Reengineer" | "KeepOption" | "Wrench" | "FireControl" | "Hop" | {
  Scavenge: {
    /** The flag (from 1). */
    flag: number;
    /** The robot that takes the option. */
    robot: PlayerId;
  };
};

/** A device on the board. */
export type ClassicDevice = {
  /** Its cell. */
  at: Pos;
  /** Its facing (the way a missile flies). */
  facing: Dir;
  /**
   * Laid this register: its own robot does not set it off until the
   * robot lasers' step (the launcher rule).
   */
  fresh?: boolean;
  /** Its number, unique in the game (events name it by this). */
  id: number;
  /** What it is. */
  kind: ClassicDeviceKind;
  /** The cell a drone flies towards (`None`: it has no mark). */
  mark?: Pos | null;
  /** The robot whose option put it there. */
  owner: PlayerId;
};

/** What a device is. */
export type ClassicDeviceKind = "Mine" | "Missile" | "Drone" | "BuzzBomb" | "Goo" | "Bridge" | "ProximityMine" | "PortableTeleporter" | "ScramblerBomb" | "BigOne";

/** How a robot was destroyed. */
export type ClassicDoom = "Pit" | "Drain" | "TrapDoor" | "Crusher" | "Edge" | "Damage";

/** What happened. */
export type ClassicEvent = {
  Grid: GridEvent;
} | {
  TurnStarted: {
    /** The turn. */
    round: number;
  };
} | {
  Dealt: {
    /** Cards dealt. */
    cards: number;
    /** The player. */
    player: PlayerId;
  };
} | {
  Programmed: {
    /** The player. */
    player: PlayerId;
  };
} | {
  PowerDownAnnounced: {
    /** The player. */
    player: PlayerId;
  };
} | {
  PoweredDown: {
    /** The player. */
    player: PlayerId;
  };
} | {
  RegisterStarted: {
    /** The register, 1 to 5. */
    register: number;
  };
} | {
  Randomized: {
    /** The new card. */
    card: ClassicCard;
    /** The player. */
    player: PlayerId;
    /** The register. */
    register: number;
  };
} | {
  Revealed: {
    /** The card. */
    card: ClassicCard;
    /** The player. */
    player: PlayerId;
    /** The register. */
    register: number;
  };
} | {
  Damaged: {
    /** Tokens taken. */
    amount: number;
    /** Tokens now. */
    damage: number;
    /** The player. */
    player: PlayerId;
  };
} | {
  Destroyed: {
    /** How. */
    doom: ClassicDoom;
    /** Lives left (0: out of the game). */
    lives: number;
    /** The player. */
    player: PlayerId;
  };
} | {
  FlagTouched: {
    /** The flag (from 1). */
    flag: number;
    /** The player. */
    player: PlayerId;
  };
} | {
  FlagMoved: {
    /** Where it is now. */
    at: Pos;
    /** The flag (from 1). */
    flag: number;
  };
} | {
  ChopShop: {
    /** The choice. */
    choice: ClassicChop;
    /** The player. */
    player: PlayerId;
  };
} | {
  ArchiveMoved: {
    /** Where. */
    at: Pos;
    /** The player. */
    player: PlayerId;
  };
} | {
  Repaired: {
    /** Damage tokens left. */
    damage: number;
    /** The player. */
    player: PlayerId;
  };
} | {
  Reentered: {
    /** Where. */
    at: Pos;
    /** Its facing. */
    facing: Dir;
    /** Virtual (its archive cell was occupied). */
    ghost: boolean;
    /** The player. */
    player: PlayerId;
  };
} | {
  Docked: {
    /** The dock. */
    at: Pos;
    /** The player. */
    player: PlayerId;
  };
} | {
  TimeUp: {
    /** The player. */
    player: PlayerId;
  };
} | {
  Prevented: {
    /** The guard given up. */
    guard: ClassicGuard;
    /** The player. */
    player: PlayerId;
  };
} | {
  OptionGained: {
    /** The option. */
    option: ClassicOptionCard;
    /** The player. */
    player: PlayerId;
  };
} | {
  OptionLost: {
    /** The option. */
    option: ClassicOptionCard;
    /** The player. */
    player: PlayerId;
    /** Why. */
    why: ClassicLoss;
  };
} | {
  Absorbed: {
    /** The option. */
    option: ClassicOptionCard;
    /** The player. */
    player: PlayerId;
    /** Tokens it took. */
    tokens: number;
  };
} | {
  WeaponFired: {
    /** The weapon. */
    option: ClassicOptionCard;
    /** The player. */
    player: PlayerId;
    /** The robot it hit. */
    target: PlayerId;
  };
} | {
  BecameReal: {
    /** The player. */
    player: PlayerId;
  };
} | {
  Finished: {
    /** Its place (from 1). */
    place: number;
    /** The player. */
    player: PlayerId;
  };
} | {
  GameOver: {
    /** The winner, if any. */
    winner?: PlayerId | null;
  };
} | {
  OptionUsed: {
    /** The option. */
    option: ClassicOptionCard;
    /** The player. */
    player: PlayerId;
  };
} | {
  OptionsSwapped: {
    /** The pushing robot's owner (it gave the Reengineering Unit). */
    player: PlayerId;
    /** The pushed robot's owner. */
    target: PlayerId;
    /** The option the pusher took. */
    took: ClassicOptionCard;
  };
} | {
  RegisterLocked: {
    /** The robot's owner. */
    player: PlayerId;
    /** The register. */
    register: number;
  };
} | {
  TookOff: {
    /** The player. */
    player: PlayerId;
  };
} | {
  Landed: {
    /** The player. */
    player: PlayerId;
  };
} | {
  DeviceLaid: {
    /** The device. */
    device: ClassicDevice;
  };
} | {
  DeviceMoved: {
    /** Where it was. */
    from: Pos;
    /** Its number. */
    id: number;
    /** Where it is. */
    to: Pos;
  };
} | {
  DeviceRemoved: {
    /** Where it was. */
    at: Pos;
    /** Its number. */
    id: number;
  };
} | {
  Exploded: {
    /** Its cell. */
    at: Pos;
    /** Its damage on its own cell. */
    damage: number;
    /**
     * The device that blew up (removed from the board), if a device
     * did (`None`: an option's load).
     */
    device?: number | null;
  };
} | {
  Damped: {
    /** The option whose programming is lost, if that is what happened. */
    option?: ClassicOptionCard | null;
    /** The robot's owner. */
    player: PlayerId;
  };
};

/**
 * Something a robot gives up to stop one damage token: a spare part
 * (tests and positions set them up) or one of its options.
 */
export type ClassicGuard = "Spare" | {
  Option: ClassicOptionCard;
};

/** An option a robot holds, with what is left of its payload. */
export type ClassicHeldOption = {
  /** The card. */
  card: ClassicOptionCard;
  /** Payload left (an emptied option stays held). */
  payload?: number;
};

/** What a program card does. */
export type ClassicKind = "UTurn" | "RotateLeft" | "RotateRight" | "BackUp" | "Move1" | "Move2" | "Move3";

/** Why a robot lost an option. */
export type ClassicLoss = "Destroyed" | "Scrapped" | "Spent" | "Used" | "Exploded" | "Replaced" | "Paired" | "NotKept" | "Shot" | "Absorbed";

/**
 * One option card (the deck holds one of each). Named
 * `OptionCard` so it does not hide Rust's `Option`.
 */
export type ClassicOptionCard = "AblativeCoat" | "AbortSwitch" | "BigGun" | "BigJet" | "TheBigOne" | "BioOption" | "Brakes" | "BridgeLayer" | "BuzzBomb" | "CircuitBreaker" | "Conditional" | "Converter" | "CrabLegs" | "DoubleBarrelLaser" | "DroneLauncher" | "DualProcessor" | "ExtraMemory" | "FireControl" | "Flywheel" | "FourthGear" | "FrogLegs" | "GooDropper" | "GyroscopicStabilizer" | "HighPowerLaser" | "HomingDevice" | "Interceptor" | "MechanicalArm" | "MineLayer" | "MiniHowitzer" | "MissileLauncher" | "OptionDampingField" | "OverloadOverride" | "PortableTeleporter" | "PowerDownShield" | "PressorBeam" | "ProximityMine" | "RadioControl" | "RammingGear" | "RearLaser" | "Recompile" | "ReengineeringUnit" | "Reflector" | "RetroRockets" | "ReverseGears" | "RoboCopter" | "Scrambler" | "ScramblerBomb" | "SelfDestruct" | "Shield" | "SuperiorArchiveCopy" | "TractorBeam" | "Turret";

/** What a robot has programmed on its options this turn. */
export type ClassicOptionProgram = {
  /**
   * Phase-programmed options by register (1 to 5), in the order placed:
   * gadgets, Big Jet and Retro-Rockets (once per fuel token), the option
   * that lets the register hold its second card, and Overload Override
   * in a register it leaves empty.
   */
  placed?: ([number, ClassicOptionCard])[];
  /** Turn-programmed settings, one per option, in the order first set. */
  settings?: ([ClassicOptionCard, ClassicSetting])[];
  /**
   * The register in which its Shield stopped a token this turn (0:
   * none; it stops one a register).
   */
  shield_spent?: number;
};

/** How a game ended. */
export type ClassicOutcome = {
  /**
   * Every seat, best first: the robots that finished in the order they
   * did, then the others by flags touched (more first), then by who
   * touched its latest flag earlier, then by seat (see
   * [`Race::ranking`](super::Race::ranking)).
   */
  ranking?: PlayerId[];
  /** Turns played. */
  rounds: number;
  /**
   * The robot that touched the last flag first; `None` when no robot
   * has lives left or the turn cap ended the game.
   */
  winner?: PlayerId | null;
};

/** A card an option keeps aside, as one player sees it. */
export type ClassicParkedCard = {
  /**
   * The card, face up (`None`: face down, to a player who may not see
   * it).
   */
  card?: ClassicCard | null;
  /** The option keeping it (Flywheel, Conditional or Robo-Copter). */
  option: ClassicOptionCard;
};

/** A robot's power. */
export type ClassicPower = "On" | "Announced" | "Down";

/** One robot as every player sees it. */
export type ClassicRobotView = {
  /** Its archive marker. */
  archive: Pos;
  /** Where it stands and faces (`None` while destroyed or out). */
  at?: [Pos, Dir] | null;
  /** Its buzz bomb's cards this turn (Buzz Bomb), to its owner only. */
  bomb?: ClassicBombProgram | null;
  /** Damage tokens. */
  damage: number;
  /** Flags touched. */
  flags: number;
  /** Flying (Frog Legs, Big Jet, Retro-Rockets, Robo-Copter). */
  flying?: boolean;
  /** Virtual. */
  ghost: boolean;
  /**
   * The robot its Homing Device tagged (the token lies on that robot,
   * seen by every player).
   */
  homing?: PlayerId | null;
  /** Lives left. */
  lives: number;
  /** Its option cards, face up to every player, with their payloads. */
  options?: ClassicHeldOption[];
  /**
   * The cards its options keep aside (Flywheel, Conditional,
   * Robo-Copter): face up to the owner, face down to the others.
   */
  parked?: ClassicParkedCard[];
  /** Its place once it has touched the last flag (1: the winner). */
  place?: number | null;
  /** Its owner. */
  player: PlayerId;
  /** Its power. */
  power: ClassicPower;
  /**
   * Its options programmed this turn as the viewer may see them: all
   * to the owner; to the others, the turn-programmed settings once
   * programming is over, and the options placed in a register as its
   * card is shown (see `docs/rulings.md`, "Classic options: programming").
   */
  program?: ClassicOptionProgram;
  /** Done programming this turn. */
  programmed: boolean;
  /**
   * Registers: face-up cards (revealed this turn, or locked); the
   * viewer's own program in full.
   */
  registers: (ClassicCard | null)[];
  /**
   * Second cards in registers, (register, card), shown as the
   * registers' cards are.
   */
  stacked?: ([number, ClassicCard])[];
};

/** A turn-programmed option's setting for one turn. */
export type ClassicSetting = {
  Side: Rel;
} | {
  Switch: boolean;
};

/** What one player sees. */
export type ClassicView = {
  /** The devices on the board, seen by every player. */
  devices?: ClassicDevice[];
  /**
   * Where the flags stand now, in order (belts, currents and pushers
   * move them).
   */
  flags?: Pos[];
  /** The grid as every grid race shows it. */
  grid: GridView;
  /** The viewer's hand. */
  hand: ClassicCard[];
  /** Whose view this is. */
  me: PlayerId;
  /**
   * Scavenger Hunt: the pile the viewer is asked to pick from now
   * ([`Decision::Scavenge`](super::Decision::Scavenge)), face up to it
   * alone; empty otherwise.
   */
  pile?: ClassicOptionCard[];
  /**
   * Scavenger Hunt: how many options each flag's pile holds, in flag
   * order (the piles lie face down).
   */
  piles?: number[];
  /** Every seat, best first, as things stand ([`Race::ranking`]). */
  ranking?: PlayerId[];
  /** Every robot, by seat. */
  robots: ClassicRobotView[];
};

/** A message from a client over the WebSocket. */
export type ClientMessage = {
  /** The last sequence number seen. */
  since?: number | null;
  /** The seat's secret, as the lobby gave it. */
  token?: string | null;
  type: "hello";
} | {
  /** The action, under its edition's name. */
  action: AnyAction;
  /**
   * The seat it is meant for; when given, it must be the
   * connection's own.
   */
  seat?: number | null;
  type: "action";
} | {
  /** The draft, under its edition's name. */
  action: AnyAction;
  type: "draft";
} | {
  type: "ping";
};

/** The timer of the period now on the clock. */
export type Clock = {
  /** Milliseconds left when the frame was sent. */
  left_ms: number;
  /** The whole period, in milliseconds. */
  timer_ms: number;
};

/**
 * An answer to a pending [`Decision`].
 *
 * ```
 * use variant_conquest::{Action, ZoneId};
 * let a = Action::Attack { from: ZoneId(3), to: ZoneId(4), dice: 3, leader: false, card: None };
 * assert_eq!(a.to_string(), "attack Z3->Z4 with 3");
 * ```
 */
export type ConquestAction = {
  place: ZoneId;
} | {
  play: {
    /** The card. */
    card: ConquestCard;
    /** What it acts on. */
    target: Target;
  };
} | "transform" | {
  attack: {
    /** An attack card played with it. */
    card?: ConquestCard | null;
    /** Robots that fight, one die each (1 to 3; one robot stays behind). */
    dice: number;
    /** The attacking zone (held). */
    from: ZoneId;
    /** The leader is one of them. */
    leader: boolean;
    /** The attacked zone (an enemy's, adjacent). */
    to: ZoneId;
  };
} | {
  defend: {
    /** A defence card played with it. */
    card?: ConquestCard | null;
    /** Robots that defend, one die each (1 or 2). */
    dice: number;
    /** The leader is one of them. */
    leader: boolean;
  };
} | {
  "move-in": {
    /** The leader moves too. */
    leader: boolean;
    /** Ordinary robots moved. */
    robots: number;
  };
} | {
  backup: {
    /** From (keeps at least one robot). */
    from: ZoneId;
    /** The leader moves too. */
    leader: boolean;
    /** Ordinary robots moved. */
    robots: number;
    /**
     * To (held, adjacent; any held zone joined by held zones for
     * Optimus Prime's convoy).
     */
    to: ZoneId;
  };
} | "done";

/**
 * An upgrade card. Names parse loosely (case, spaces and dashes aside).
 *
 * ```
 * use variant_conquest::{Card, CardKind};
 * assert_eq!(Card::IonBlaster.kind(), CardKind::Attack);
 * assert_eq!(Card::SpaceBridge.to_string(), "Space Bridge");
 * assert_eq!("armor-plating".parse::<Card>(), Ok(Card::ArmorPlating));
 * assert_eq!(Card::ALL.len(), 13);
 * ```
 */
export type ConquestCard = "reinforcements" | "emergency-recall" | "factory-overdrive" | "ion-blaster" | "targeting-scanner" | "blitz" | "force-field" | "armor-plating" | "smokescreen" | "space-bridge" | "seismic-shift" | "transwarp" | "rapid-transit";

/** What the game waits for. */
export type ConquestDecision = "claim" | {
  "setup-place": {
    /** Setup robots this player has still to place. */
    left: number;
  };
} | {
  place: {
    /** Robots still to place. */
    robots: number;
  };
} | "morph" | "attack" | {
  defend: {
    /** Who attacks. */
    attacker: PlayerId;
    /** The attack card played, if any. */
    card?: ConquestCard | null;
    /** Attacking dice. */
    dice: number;
    /** From where. */
    from: ZoneId;
    /** The attacker's leader fights. */
    leader: boolean;
    /** The defended zone. */
    to: ZoneId;
  };
} | {
  "move-in": {
    /** The attacking zone. */
    from: ZoneId;
    /** The captured zone. */
    to: ZoneId;
  };
} | {
  backup: {
    /** Backup moves left this turn. */
    moves: number;
  };
};

/**
 * Something that happened. Events are returned by
 * [`robo_core::Game::apply_into`] to whoever drives the game, who should
 * pass each player [`Event::seen_by`] (a drawn card is private).
 */
export type ConquestEvent = {
  claimed: {
    /** Who. */
    player: PlayerId;
    /** Where. */
    zone: ZoneId;
  };
} | {
  placed: {
    /** Who. */
    player: PlayerId;
    /** Where. */
    zone: ZoneId;
  };
} | "setup-complete" | {
  "round-started": {
    /** The day, from 1. */
    round: number;
  };
} | {
  "turn-started": {
    /** Whose. */
    player: PlayerId;
  };
} | {
  reinforced: {
    /** Who. */
    player: PlayerId;
    /** How many and why. */
    reinforcement: Reinforcement;
  };
} | {
  "card-played": {
    /** The card. */
    card: ConquestCard;
    /** Who. */
    player: PlayerId;
    /** On what. */
    target: Target;
  };
} | {
  "extra-robots": {
    /** Who. */
    player: PlayerId;
    /** How many (bounded by the supply). */
    robots: number;
  };
} | {
  transformed: {
    /** The leader. */
    leader: Leader;
    /** The new mode. */
    mode: Mode;
    /** Whose. */
    player: PlayerId;
  };
} | {
  shifted: {
    /** The piece. */
    piece: PieceId;
    /** Its new position. */
    position: number;
  };
} | {
  "factory-opened": {
    /** The factory. */
    zone: ZoneId;
  };
} | {
  "factory-closed": {
    /** The factory. */
    zone: ZoneId;
  };
} | {
  "leader-moved": {
    /** From. */
    from: ZoneId;
    /** Whose. */
    player: PlayerId;
    /** To. */
    to: ZoneId;
  };
} | {
  "attack-declared": {
    /** Who attacks. */
    attacker: PlayerId;
    /** The attack card played. */
    card?: ConquestCard | null;
    /** Who defends. */
    defender: PlayerId;
    /** Attacking dice. */
    dice: number;
    /** From. */
    from: ZoneId;
    /** The attacker's leader fights. */
    leader: boolean;
    /** The attacked zone. */
    to: ZoneId;
  };
} | {
  "defence-chosen": {
    /** The defence card played. */
    card?: ConquestCard | null;
    /** Who. */
    defender: PlayerId;
    /** Defending dice. */
    dice: number;
    /** The defender's leader fights. */
    leader: boolean;
  };
} | {
  rolled: {
    /** The attacker's dice. */
    attack: Dice;
    /** Robots the attacker lost. */
    attacker_lost: number;
    /** The defender's dice. */
    defence: Dice;
    /** Robots the defender lost. */
    defender_lost: number;
  };
} | {
  "leader-removed": {
    /** The leader. */
    leader: Leader;
    /** Whose. */
    player: PlayerId;
    /** Where it fell. */
    zone: ZoneId;
  };
} | {
  captured: {
    /** Who held it. */
    from: PlayerId;
    /** The attacker. */
    player: PlayerId;
    /** The zone. */
    zone: ZoneId;
  };
} | {
  eliminated: {
    /** Who. */
    player: PlayerId;
  };
} | {
  "moved-in": {
    /** From. */
    from: ZoneId;
    /** With the leader. */
    leader: boolean;
    /** Who. */
    player: PlayerId;
    /** Ordinary robots. */
    robots: number;
    /** Into. */
    to: ZoneId;
  };
} | {
  "backed-up": {
    /** From. */
    from: ZoneId;
    /** With the leader. */
    leader: boolean;
    /** Who. */
    player: PlayerId;
    /** Ordinary robots. */
    robots: number;
    /** To. */
    to: ZoneId;
  };
} | "deck-reshuffled" | {
  "card-drawn": {
    /** The card. */
    card?: ConquestCard | null;
    /** Who. */
    player: PlayerId;
  };
} | {
  "no-card-to-draw": {
    /** Who. */
    player: PlayerId;
  };
} | {
  "game-over": ConquestOutcome;
};

/**
 * The result of a finished game; [`Display`](fmt::Display) tells it in
 * plain words.
 *
 * ```
 * use robo_core::PlayerId;
 * use smallvec::smallvec;
 * use variant_conquest::{ConquestOutcome, Victory};
 * let o = ConquestOutcome {
 *     winners: smallvec![PlayerId(1)],
 *     victory: Victory::MostZones,
 *     zones: smallvec![9, 15],
 *     round: 6,
 * };
 * assert_eq!(
 *     o.to_string(),
 *     "P1 won in round 6 with 15 zones: held the most zones (zones: P0 9, P1 15)"
 * );
 * ```
 */
export type ConquestOutcome = {
  /** The round the game ended in. */
  round: number;
  /** Why. */
  victory: Victory;
  /**
   * The winners, in seat order: one player, or with sides
   * ([`crate::Setup::sides`]) the allies of the winning side.
   */
  winners: PlayerId[];
  /** Zones each seat held at the end. */
  zones: number[];
};

/**
 * A player's view: the whole map and every count, but only the viewer's
 * own hand (others show how many cards they hold), no deck order and no
 * random state.
 */
export type ConquestView = {
  /** The face-up discard pile, most recent first. */
  discard_pile: ConquestCard[];
  /** Cards in the draw pile. */
  draw_pile: number;
  /** The viewer's hand (empty for spectators). */
  hand: ConquestCard[];
  /** Open secret factories. */
  open_factories: ZoneSet;
  /** What the game waits for. */
  pending: Pending;
  /** Each piece's position. */
  pieces: number[];
  /** Every seat, public part. */
  players: PlayerView[];
  /** The day, 0 during setup. */
  round: number;
  /** Days in the game. */
  rounds: number;
  /** Whose turn. */
  turn: PlayerId;
  /** Whose view (may be a spectator's seat number). */
  viewer: PlayerId;
  /** Every zone, map order. */
  zones: ZoneState[];
};

/**
 * `POST /api/matches`: a new match.
 *
 * ```json
 * {"edition":"2023","course":"Milk Run","seats":[{"person":"seat 1"},{"bot":"planner"}]}
 * ```
 */
export type CreateMatch = {
  /**
   * A built-in course (or map) by name; the edition's default when
   * missing.
   */
  course?: string | null;
  /** The edition's name (`2023`, `conquest`, ...). */
  edition: string;
  /** End after this many rounds (editions with a round cap). */
  max_rounds?: number | null;
  /** Unlisted: reachable by its id only. */
  private?: boolean;
  /** One entry per seat. */
  seats: SeatSpec[];
  /**
   * The game's seed, for reproductions and tests (by default a random
   * one from the operating system, kept secret until the end). A
   * match with a chosen seed says so in its public state.
   */
  seed?: number | null;
  /**
   * Fields laid over the edition's default setup (the edition's own
   * setup fields: for 2023 `{"options": {"act_fast": true}}`, for
   * conquest `{"sides": true}`); a field the setup does not have is
   * refused.
   */
  setup?: unknown;
  /**
   * A timer, in seconds: the programming timer (2023, with act fast;
   * classic, On the Clock for the last player programming) or the turn
   * timer (conquest). Refused (`no_timer`) for an edition without a
   * timed rule (Transformers).
   */
  timer?: number | null;
};

/** The answer to `POST /api/matches`. */
export type Created = {
  /** The match's id. */
  id: MatchId;
  /** One token per person seat. */
  tokens: SeatToken[];
  /** The WebSocket's path. */
  ws: string;
};

/** One side's dice in a roll, as rolled and after modifiers (high to low). */
export type Dice = {
  /** Number of dice. */
  len: number;
  /** As rolled, high to low (only the first `len` count). */
  rolled: number[];
  /** After modifiers, high to low (only the first `len` count). */
  value: number[];
};

/**
 * A compass facing. North is up when a board is printed.
 *
 * ```
 * use robo_core::geom::{Dir, Turn};
 * assert_eq!(Dir::N.turn(Turn::Right), Dir::E);
 * assert_eq!(Dir::N.opposite(), Dir::S);
 * assert_eq!(Dir::E.left(), Dir::N);
 * assert_eq!("W".parse::<Dir>(), Ok(Dir::W));
 * ```
 */
export type Dir = "N" | "E" | "S" | "W";

/** What a damage draw gave. */
export type Drawn = "Spam" | {
  HaywireUnder: number;
} | {
  HaywireDiscarded: V2023Card;
};

/**
 * The editions of the family, as named in files and on command
 * lines. Generated from the list in `src/editions/mod.rs`.
 *
 * ```
 * use roborally::Edition;
 * let e: Edition = "2023".parse().unwrap();
 * assert_eq!(e, Edition::V2023);
 * assert_eq!(e.to_string(), "2023");
 * assert!("chess".parse::<Edition>().is_err());
 * ```
 */
export type Edition = "classic" | "2023" | "transformers" | "conquest";

/** An edition the server plays (`GET /api/editions`). */
export type EditionInfo = {
  /** Its bots, the default first. */
  bots: string[];
  /** Its name. */
  edition: Edition;
  /** A race on a grid (its replay has an HTML viewer). */
  grid: boolean;
};

/** Why a message or a request was refused. */
export type ErrorCode = "not_json" | "too_large" | "bad_message" | "hello_first" | "already_greeted" | "bad_token" | "spectator" | "wrong_seat" | "not_pending" | "illegal" | "game_over" | "not_started" | "seat_left" | "no_match" | "elsewhere" | "bad_request" | "no_timer" | "conflict" | "store_failed" | "rate_limited" | "busy" | "full" | "internal";

/** A change on the grid, for animation. */
export type GridEvent = {
  Moved: {
    /** Why. */
    cause: Cause;
    /** From. */
    from: Pos;
    /** The robot. */
    robot: RobotId;
    /** To (possibly off the board). */
    to: Pos;
  };
} | {
  Turned: {
    /** Why (a card, a gear, a conveyor curve). */
    cause: Cause;
    /** Its new facing. */
    facing: Dir;
    /** The robot. */
    robot: RobotId;
    /** The turn. */
    turn: Turn;
  };
} | {
  Pushed: Push;
} | {
  Blocked: {
    /** Where it stands. */
    at: Pos;
    /** Where it tried to go. */
    dir: Dir;
    /** The robot that could not go on. */
    robot: RobotId;
  };
} | {
  BoardLaser: LaserHit;
} | {
  Shot: {
    /** Direction of fire. */
    dir: Dir;
    /** The shooter. */
    from: RobotId;
    /** The target. */
    target: RobotId;
  };
} | {
  Removed: {
    /** The cell it was lost at. */
    at: Pos;
    /** The robot. */
    robot: RobotId;
  };
} | {
  Placed: {
    /** Where. */
    at: Pos;
    /** Facing. */
    facing: Dir;
    /** The robot. */
    robot: RobotId;
  };
};

/** One robot as everyone sees it. */
export type GridRobot = {
  /** Its cell and facing; `None` while it is off the board. */
  at?: [Pos, Dir] | null;
  /** Checkpoints (or flags) reached. */
  checkpoints: number;
  /** Whose robot. */
  player: PlayerId;
};

/**
 * What any grid race shows everyone: the course, the round and register,
 * and where every robot stands.
 */
export type GridView = {
  /** Checkpoints on the course. */
  checkpoints: number;
  /** The course's name. */
  course: string;
  /** The edition's own name for its phase, for display. */
  phase: string;
  /** The register being resolved, from 1; 0 outside activation. */
  register: number;
  /** Every robot, in seat order. */
  robots: GridRobot[];
  /** The round, from 1 (0 before the first). */
  round: number;
  /** Where the race stands. */
  stage: RaceStage;
};

/**
 * `POST /api/matches/{id}/bot`: hand an abandoned seat (open, or whose
 * person is not connected) to a bot. Asked by a person seated in the
 * match.
 */
export type HandToBot = {
  /** The bot's registry name (the edition's default bot when missing). */
  bot?: string | null;
  /** The abandoned seat. */
  seat: number;
  /** The asking person's token. */
  token: string;
};

/**
 * The 17 Haywire effects (one card each). Each one's effect is described
 * on its variant; [`Haywire::ALL`] is the card order of the damage deck.
 */
export type Haywire = "MoveTwoTurnRight" | "TurnEitherWay" | "JogLeft" | "FaceAnyMove" | "FreeUpgrade" | "GrabPriority" | "Overdrive" | "ReverseThree" | "BackFlip" | "JogRight" | "Sidestep" | "Purge" | "MoveTwoTurnLeft" | "Ram" | "Supercharge" | "DoubleDraw" | "MoveThreeUTurn";

/** `POST /api/matches/{id}/join`: take an open seat. */
export type Join = {
  /** Your name (the seat's label, or `seat N`, by default). */
  name?: string | null;
  /** The seat to take (the first open one by default). */
  seat?: number | null;
};

/** A board laser hit: which robot, from which mount, how many beams. */
export type LaserHit = {
  /** Beams of the mount. */
  beams: number;
  /** Firing direction. */
  dir: Dir;
  /** The robot hit. */
  robot: RobotId;
  /** The mount's cell. */
  source: Pos;
};

/**
 * The four leaders. Each player leads one; no two players lead the same.
 *
 * ```
 * use variant_conquest::{Faction, Leader};
 * let l: Leader = "optimus prime".parse().unwrap();
 * assert_eq!(l, Leader::OptimusPrime);
 * assert_eq!(l.faction(), Faction::Autobots);
 * assert_eq!(Leader::Barricade.to_string(), "Barricade");
 * ```
 */
export type Leader = "optimus-prime" | "bumblebee" | "megatron" | "barricade";

/**
 * `POST /api/matches/{id}/leave`: give a seat up (its token stops
 * working and the seat is open again).
 */
export type Leave = {
  /** The seat's token. */
  token: string;
};

/**
 * A match's id: 96 random bits in hex, so an unlisted match cannot be
 * found by guessing.
 */
export type MatchId = string;

/**
 * A match as everyone may see it (`GET /api/matches/{id}`, and the
 * entries of `GET /api/matches`).
 */
export type MatchInfo = {
  /** Created, Unix milliseconds. */
  created_ms: number;
  /** The edition. */
  edition: Edition;
  /** Over. */
  finished: boolean;
  /** Its id. */
  id: MatchId;
  /** How it ended, once over. */
  outcome?: AnyOutcome | null;
  /** Unlisted. */
  private: boolean;
  /** The round being played. */
  round: number;
  /** Every seat, with presence. */
  seats: SeatInfo[];
  /** The creator chose the seed. */
  seeded: boolean;
  /** Actions played. */
  seq: number;
  /** The course or map. */
  setting: string;
  /** Open, running or finished. */
  status: Status;
  /** The timer, in milliseconds. */
  timer_ms?: number | null;
  /** The winning seats, once over. */
  winners: number[];
};

/** A leader's form. Leaders start the game in robot mode. */
export type Mode = "robot" | "vehicle";

/** The result of a finished race. */
export type Outcome = {
  /** Rounds played (the last one included). */
  rounds: number;
  /**
   * The first robot to end a register on the final checkpoint; `None`
   * when the round cap ended the game.
   */
  winner?: PlayerId | null;
};

/** What a game waits for. */
export type Pending = {
  Simultaneous: {
    /** What kind of answer is asked for. */
    decision: ConquestDecision;
    /** Who still has to answer. */
    players: PlayerId[];
  };
} | {
  Decision: {
    /** What is decided. */
    decision: ConquestDecision;
    /** Who decides. */
    player: PlayerId;
  };
} | {
  Terminal: ConquestOutcome;
};

/** A game phase. */
export type Phase = "Setup" | "Upgrade" | "Programming" | "Activation";

/** A shifting piece of the map (a rotating or sliding part of the board). */
export type PieceId = number;

/** Where a card removed from the game is taken from. */
export type Pile = "Hand" | "Discard";

/**
 * A seat at the table, counted from 0 in seat (clockwise) order.
 *
 * ```
 * use robo_core::PlayerId;
 * assert_eq!(PlayerId(2).to_string(), "P2");
 * assert_eq!(PlayerId(2).index(), 2);
 * ```
 */
export type PlayerId = number;

/** The public part of a seat. */
export type PlayerView = {
  /** Cards in hand (their faces are hidden). */
  hand: number;
  /** The leader. */
  leader: Leader;
  /** Where the leader stands (`None` once removed). */
  leader_at?: ZoneId | null;
  /** The leader's mode. */
  mode: Mode;
  /** Wiped out. */
  out: boolean;
  /** Robots to place this turn. */
  pool: number;
  /** Robots removed in battle. */
  removed: number;
  /** Robots on the map, leader excluded. */
  robots: number;
  /** Robots in the supply. */
  supply: number;
  /** Zones held. */
  zones: number;
};

/**
 * A cell of the grid. Signed, so off-board positions are representable.
 *
 * ```
 * use robo_core::geom::{Dir, Pos};
 * let p = Pos::new(2, 3);
 * assert_eq!(p.step(Dir::N), Pos::new(2, 2));
 * assert_eq!(p.offset(Dir::E, 3), Pos::new(5, 3));
 * assert_eq!(p.distance(Pos::new(0, 0)), 5);
 * assert_eq!(p.to_string(), "(2,3)");
 * ```
 */
export type Pos = {
  /** Column, growing eastwards. */
  x: number;
  /** Row, growing southwards. */
  y: number;
};

/**
 * A whole program: one [`Slot`] per register, and the cards to keep on
 * Memory Cards.
 *
 * ```
 * use variant_2023::actions::{Program, Slot};
 * use variant_2023::cards::CardId;
 * let p = Program::of([CardId(40), CardId(41), CardId(42), CardId(43), CardId(44)]);
 * assert_eq!(p.registers[2], Slot::Card(CardId(42)));
 * assert!(p.memory.is_empty());
 * ```
 */
export type Program = {
  /** Non-damage cards put on Memory Cards. */
  memory?: CardId[];
  /** Registers 1 to 5. */
  registers: Slot[];
};

/**
 * One push event: however far a robot was pushed during one move, it is
 * one push. A push that moved it zero cells (the chain was blocked) still
 * counts.
 */
export type Push = {
  /** The robot in contact that pushed it. */
  by: RobotId;
  /** Cells it was pushed. */
  cells: number;
  /** The robot whose move this was. */
  mover: RobotId;
  /** The pushed robot. */
  pushed: RobotId;
};

/**
 * Where a race stands, in the terms every grid edition shares. An
 * edition's own phases map onto these (the 2023 upgrade phase and the
 * programming phase are both [`RaceStage::Planning`]).
 */
export type RaceStage = "Setup" | "Planning" | "Activation" | "Over";

/**
 * One register as a player sees it. Another player's face-down cards are
 * not shown at all, not even where they lie: only face-up cards are.
 */
export type RegisterView = {
  /**
   * The cards the viewer may see: all of their own, the face-up cards
   * of others.
   */
  cards: Shown[];
  /** Face up. */
  revealed: boolean;
  /** The face-down Haywire under one of the viewer's own registers. */
  under?: Shown | null;
};

/** Reinforcements of one turn, term by term. */
export type Reinforcement = {
  /** From open secret factories held. */
  factories: number;
  /** What the supply could give of the sum. */
  granted: number;
  /** From the leader's effect. */
  leader: number;
  /** From whole sectors held. */
  sectors: number;
  /** From the zones held. */
  zones: number;
};

/**
 * A direction relative to a robot's facing.
 *
 * ```
 * use robo_core::geom::{Dir, Rel};
 * assert_eq!(Rel::Left.of(Dir::N), Dir::W);
 * assert_eq!(Rel::Back.of(Dir::E), Dir::W);
 * ```
 */
export type Rel = "Forward" | "Back" | "Left" | "Right";

/**
 * The replay as sent: it reads back as a
 * `roborally::core::protocol::Replay<AnyGame>` (setup, seed, actions),
 * with the seats' names and the outcome besides.
 */
export type Replay = {
  /** Every action, with the seat that played it. */
  actions: ([number, AnyAction])[];
  /** The edition. */
  edition: Edition;
  /** The seats' names. */
  names: string[];
  /** How the game ended. */
  outcome?: AnyOutcome | null;
  /** The game's seed. */
  seed: number;
  /** The edition's setup, as its crate writes it. */
  setup: unknown;
};

/**
 * A robot on the grid. Editions with one robot per player number robots
 * like their owners.
 */
export type RobotId = number;

/** A robot and its mat as a player sees them. */
export type RobotView = {
  /** The archive token. */
  archive: [Pos, Dir];
  /** Where it stands and faces; `None` off the board. */
  at?: [Pos, Dir] | null;
  /** Checkpoints reached. */
  checkpoints: number;
  /** Cards in the draw pile. */
  deck: number;
  /** The top card of the draw pile, when SPAM Filter turned it face up. */
  deck_top?: Shown | null;
  /** The discard pile, most recent first (face up). */
  discard: Shown[];
  /** Energy. */
  energy: number;
  /** Cards in hand. */
  hand: number;
  /** Cards on Memory Cards. */
  memory: number;
  /** Installed permanent upgrades. */
  permanent: Upgrade[];
  /** Whose. */
  player: PlayerId;
  /** The program is in (or the upgrade phase is over for them). */
  ready: boolean;
  /** Waiting to reboot. */
  rebooting: boolean;
  /** The registers. */
  registers: RegisterView[];
  /** Shut down this round. */
  shut_down: boolean;
  /** Installed temporary upgrades. */
  temporary: Upgrade[];
  /** Number of uninstalled upgrades. */
  uninstalled: number;
};

/** A seat as everyone may see it. */
export type SeatInfo = {
  /** The bot's registry name. */
  bot?: string | null;
  /** A client of this seat is connected now. */
  connected: boolean;
  /** Who plays it. */
  kind: SeatKind;
  /** The person's name or the seat's label. */
  name?: string | null;
  /** The seat's number. */
  seat: number;
  /**
   * A bot plays this person's seat while they are away (`kind` is
   * `bot`, `name` the person's): it took over after the server's grace
   * period, and the person's token takes the seat back. A presence
   * frame is sent when it takes over and when they return.
   */
  stand_in?: boolean;
};

/** Who plays a seat. */
export type SeatKind = "person" | "bot" | "open";

/** Who plays a seat of a new match. */
export type SeatSpec = {
  person: string;
} | {
  bot: string;
} | {
  open: string | null;
};

/** A person seat's secret. */
export type SeatToken = {
  /** The person's name. */
  name: string;
  /** The seat's number. */
  seat: number;
  /** The secret that plays the seat (128 random bits, in hex). */
  token: string;
};

/** A message from the server over the WebSocket. */
export type ServerMessage = {
  /** Its edition. */
  edition: Edition;
  /** The match. */
  match_id: MatchId;
  /** The connection's seat; `null` for a spectator. */
  seat?: number | null;
  /** Actions played so far. */
  seq: number;
  type: "welcome";
} | {
  /** The seat that played it. */
  by: number;
  /** Its events. */
  events: AnyEvent[];
  /** The action's number, from 1. */
  seq: number;
  type: "events";
} | StateFrame | {
  /** Every seat. */
  seats: SeatInfo[];
  type: "presence";
} | {
  /** What kind of refusal. */
  code: ErrorCode;
  /** In words. */
  message: string;
  type: "error";
} | {
  type: "pong";
};

/** A card as shown to a player: its identity and what it does. */
export type Shown = {
  /** What it does. */
  card: V2023Card;
  /** The physical card. */
  id: CardId;
};

/** Left or right of the robot. */
export type Side = "Left" | "Right";

/** What one register of a program holds. */
export type Slot = "Empty" | {
  Card: CardId;
} | {
  Crab: {
    /** The Move 1 card. */
    move1: CardId;
    /** The rotate card. */
    rotate: CardId;
  };
};

/** Where damage came from. */
export type Source = "BoardLaser" | "Weapon" | "Other";

/** The connection's view and what the game waits for. */
export type StateFrame = {
  /** What this seat is asked, when it is among them. */
  asked?: Asked | null;
  /** The timer, when one runs. */
  clock?: Clock | null;
  /** The game is over. */
  finished: boolean;
  /** How it ended, once over. */
  outcome?: AnyOutcome | null;
  /** Actions played so far. */
  seq: number;
  /**
   * What the connection's seat may see (the public view for a
   * spectator).
   */
  view: AnyView;
  /** The seats the game waits for. */
  waiting: number[];
  /** The winning seats, once over. */
  winners: number[];
};

/** Where a match is in its life. */
export type Status = "open" | "running" | "finished";

/** What a played card acts on. */
export type Target = "none" | {
  zone: ZoneId;
} | {
  piece: {
    /** The piece. */
    piece: PieceId;
    /** Where it goes (one step from where it is). */
    position: number;
  };
};

/** An answer to a decision. */
export type TransformersAction = {
  ChooseStart: Pos;
} | "Done" | "DrawUpgrade" | {
  Install: {
    /** The installed upgrade it replaces. */
    discard?: TransformersUpgrade | null;
    /** The upgrade. */
    upgrade: TransformersUpgrade;
  };
} | {
  Uninstall: TransformersUpgrade;
} | {
  Fix: TransformersCardId;
} | {
  Plan: TransformersProgram;
} | "Convert" | {
  Corner: boolean;
} | {
  Fire: Dir;
} | {
  Bridge: Pos | null;
} | "PitGain" | {
  PitDiscard: TransformersCardId;
} | {
  Return: {
    /** The cell. */
    at: Pos;
    /** The facing. */
    facing: Dir;
  };
} | {
  Use: TransformersUse;
};

/**
 * What a card does: the eleven planning cards, SCRAP, and the special
 * damage cards.
 *
 * ```
 * use variant_transformers::cards::Card;
 * assert_eq!(Card::DriftLeft.to_string(), "Drift Left");
 * assert!(Card::MoveBack.is_move() && Card::UTurn.is_turn() && Card::DriftRight.is_drift());
 * assert!(Card::Scrap.is_damage() && !Card::Again.is_damage());
 * ```
 */
export type TransformersCard = "Move1" | "Move2" | "Move3" | "MoveBack" | "TurnRight" | "TurnLeft" | "UTurn" | "DriftRight" | "DriftLeft" | "PowerUp" | "Again" | "Scrap" | {
  Special: TransformersSpecial;
};

/** A physical card: `c` and its number (its display form). */
export type TransformersCardId = string;

/**
 * A robot character (each comes with its miniature, player board,
 * planning deck and three personal upgrades).
 */
export type TransformersCharacter = "OptimusPrime" | "Blurr" | "Arcee" | "Megatron" | "DragStrip" | "Flamewar";

/** What the race asks. */
export type TransformersDecision = "ChooseStart" | "Upgrades" | "Planning" | "Window" | "Corner" | "Arrow" | "Fire" | "Bridge" | "PitStop" | "Return" | "After" | "React" | "Blast";

/** Something that happened. */
export type TransformersEvent = {
  RoundStarted: {
    round: number;
  };
} | {
  PhaseStarted: {
    phase: TransformersPhase;
  };
} | {
  RegisterStarted: {
    register: number;
  };
} | {
  Grid: GridEvent;
} | {
  Energon: {
    energon: number;
    player: PlayerId;
  };
} | {
  UpgradeDrawn: {
    player: PlayerId;
  };
} | {
  UpgradeInstalled: {
    cost: number;
    player: PlayerId;
    upgrade: TransformersUpgrade;
  };
} | {
  UpgradeUninstalled: {
    player: PlayerId;
    upgrade: TransformersUpgrade;
  };
} | {
  Planned: {
    player: PlayerId;
  };
} | {
  CardRevealed: {
    card: TransformersCard;
    player: PlayerId;
    register: number;
  };
} | {
  Converted: {
    mode: TransformersMode;
    paid: number;
    player: PlayerId;
  };
} | {
  Damaged: {
    card: TransformersCard;
    player: PlayerId;
    source: TransformersSource;
  };
} | {
  DamageInPlay: {
    card: TransformersCard;
    player: PlayerId;
  };
} | {
  DamageRemoved: {
    card: TransformersCard;
    player: PlayerId;
  };
} | {
  RegisterDiscarded: {
    cards: TransformersCard[];
    player: PlayerId;
    register: number;
  };
} | {
  HandDiscarded: {
    cards: TransformersCard[];
    player: PlayerId;
  };
} | {
  Fell: {
    at: Pos;
    player: PlayerId;
  };
} | {
  Returned: {
    at: Pos;
    facing: Dir;
    player: PlayerId;
  };
} | {
  CubesTaken: {
    at: Pos;
    cubes: number;
    player: PlayerId;
  };
} | {
  CubeDropped: {
    at: Pos;
  };
} | {
  MineTriggered: {
    at: Pos;
    player: PlayerId;
  };
} | {
  Bridged: {
    from: Pos;
    player: PlayerId;
    to: Pos;
  };
} | {
  Fired: {
    dir: Dir;
    player: PlayerId;
    target?: PlayerId | null;
  };
} | {
  TurretHit: {
    from: Pos;
    player: PlayerId;
  };
} | {
  PitStopped: {
    energon: boolean;
    player: PlayerId;
  };
} | {
  StartChosen: {
    at: Pos;
    player: PlayerId;
  };
} | {
  Fixed: {
    card: TransformersCard;
    player: PlayerId;
  };
} | {
  CheckpointReached: {
    checkpoint: number;
    player: PlayerId;
  };
} | {
  PriorityPassed: {
    to: PlayerId;
  };
} | {
  GameOver: {
    winner?: PlayerId | null;
  };
} | {
  UpgradeUsed: {
    player: PlayerId;
    upgrade: TransformersUpgrade;
  };
} | {
  AttackCancelled: {
    by: PlayerId;
    player: PlayerId;
  };
} | {
  CheckpointMoved: {
    checkpoint: number;
    to: Pos;
  };
} | {
  MineLaid: {
    at: Pos;
    player: PlayerId;
  };
} | {
  EnergonTaken: {
    amount: number;
    from: PlayerId;
    player: PlayerId;
  };
};

/**
 * The face of a robot's character tile: what it may enter and do.
 *
 * ```
 * use variant_transformers::Mode;
 * assert_eq!(Mode::Alt.other(), Mode::Bot);
 * assert_eq!(Mode::default(), Mode::Alt);
 * assert_eq!(Mode::Bot.to_string(), "bot");
 * ```
 */
export type TransformersMode = "Alt" | "Bot";

/** The result of a finished race. */
export type TransformersOutcome = {
  /** Rounds played (the last one included). */
  rounds: number;
  /** With teams: every seat of the winner's team (the winner included). */
  team?: PlayerId[];
  /**
   * The first robot to end a register on the final checkpoint; `None`
   * when the round cap ended the race.
   */
  winner?: PlayerId | null;
};

/**
 * Catch My Drift: a second card shares a register with the card there;
 * one of the two is a Drift card.
 */
export type TransformersPair = {
  /** The second card. */
  card: TransformersCardId;
  /** It resolves before the register's other card. */
  first: boolean;
  /** The register (0 for register 1). */
  register: number;
};

/** Where the race stands, for front ends. */
export type TransformersPhase = "Setup" | "Upgrades" | "Planning" | "Activation" | "Over";

/**
 * A round's plan: the five registers and the mode the robot starts the
 * activation phase in (flipping the tile is free while planning).
 *
 * ```
 * use variant_transformers::actions::{Program, Slot};
 * use variant_transformers::cards::CardId;
 * use variant_transformers::Mode;
 * let p = Program::of([CardId(40), CardId(41), CardId(42), CardId(43), CardId(44)], Mode::Bot);
 * assert_eq!(p.registers[2], Slot::Card(CardId(42)));
 * assert_eq!(p.cards().count(), 5);
 * ```
 */
export type TransformersProgram = {
  /** The mode for the activation phase. */
  mode: TransformersMode;
  /** A second card in one register (Catch My Drift). */
  pair?: TransformersPair | null;
  /** Registers 1 to 5. */
  registers: TransformersSlot[];
};

/** A robot and its player board, as everyone sees it. */
export type TransformersPublicPlayer = {
  /** The character. */
  character: TransformersCharacter;
  /** Checkpoints reached. */
  checkpoints: number;
  /** Special damage in play. */
  damage: TransformersCard[];
  /** Energon. */
  energon: number;
  /** Cards in hand (how many). */
  hand: number;
  /** Uninstalled upgrades held (how many). */
  held: number;
  /** Installed upgrades. */
  installed: TransformersUpgrade[];
  /** The mode. */
  mode: TransformersMode;
  /** Off the course. */
  off: boolean;
  /** The plan is in this round. */
  planned: boolean;
  /** The seat. */
  player: PlayerId;
  /** The registers. */
  registers: TransformersRegisterView[];
};

/** One register as a player sees it. */
export type TransformersRegisterView = "Empty" | {
  Hidden: number;
} | {
  Shown: TransformersShown[];
};

/** A card as shown to a player: its identity and what it does. */
export type TransformersShown = {
  /** What it does. */
  card: TransformersCard;
  /** The physical card. */
  id: TransformersCardId;
};

/** One register of a plan. */
export type TransformersSlot = "Empty" | {
  Card: TransformersCardId;
};

/** Where damage came from. */
export type TransformersSource = {
  Weapon: PlayerId;
} | "Turret" | "FirePit" | "Fall" | "Mine" | "Shrapnel";

/**
 * One of the 16 special damage cards, by its place in the special deck
 * (`0..16`); its face is [`Special::face`].
 */
export type TransformersSpecial = number;

/**
 * One of the 38 upgrade cards (one copy each).
 *
 * ```
 * use variant_transformers::upgrades::{Upgrade, UpgradeKind};
 * assert_eq!(Upgrade::ALL.len(), 38);
 * assert_eq!(Upgrade::CatchMyDrift.kind(), UpgradeKind::Personal);
 * assert_eq!(Upgrade::Mirage.kind(), UpgradeKind::Temporary);
 * assert_eq!(Upgrade::DontBlink.to_string(), "Don't Blink");
 * assert!(Upgrade::ALL.iter().all(|u| u.cost() <= 10));
 * ```
 */
export type TransformersUpgrade = "Blasted" | "KingOfTheRoad" | "UpAndOver" | "DontBlink" | "EatMyDust" | "LuckyDuck" | "DoubleTrouble" | "FlyGirl" | "StylePoints" | "FireInTheHole" | "RollingThunder" | "Rulebreaker" | "CatchMyDrift" | "FastStart" | "PitCrew" | "BikeLane" | "Bullseye" | "BumperJumper" | "ApexArmor" | "Firewalker" | "HomefieldAdvantage" | "LaneChanger" | "MoreThanMeetsTheEye" | "PhaseShifter" | "Sideswipe" | "TractorBeam" | "TurboBoost" | "TwoWheeling" | "AirStrike" | "Counterstrike" | "Dropship" | "EnergonHeist" | "JumpJets" | "QuickChange" | "Minelayer" | "Mirage" | "MirrorResponseMode" | "Recycle";

/**
 * An upgrade used: what it does and with what. Each names the upgrade
 * it uses (directly or through its kind).
 */
export type TransformersUse = {
  Arm: TransformersUpgrade;
} | {
  Discard: [TransformersUpgrade, TransformersCardId];
} | {
  Turbo: number;
} | {
  Step: [TransformersUpgrade, Dir];
} | {
  Swap: {
    /** The hand card. */
    card: TransformersCardId;
    /** The register (0 for register 1). */
    register: number;
    /** Rulebreaker or Quick Change. */
    upgrade: TransformersUpgrade;
  };
} | {
  Mirror: TransformersUpgrade;
} | {
  AirStrike: Pos;
} | {
  Mine: Pos;
} | "Heist" | {
  Mirage: {
    /** The checkpoint. */
    checkpoint: number;
    /** Its new cell. */
    to: Pos;
  };
} | "Counter" | {
  Recycle: TransformersCardId;
} | {
  Dropship: Pos;
} | {
  Double: number;
} | {
  Hole: Dir;
} | {
  Bullseye: PlayerId;
} | {
  Tractor: {
    /** The side fired at. */
    dir: Dir;
    /** Spaces pulled (the Energon paid). */
    pull: number;
  };
};

/** What one player sees. */
export type TransformersView = {
  /** Checkpoints, in order. */
  checkpoints: Pos[];
  /** Energon cubes on the course. */
  cubes: Pos[];
  /** The grid, as every grid edition shows it. */
  grid: GridView;
  /** The own hand. */
  hand: TransformersShown[];
  /** The seat the view is for. */
  me: PlayerId;
  /** Mines on the course. */
  mines: Pos[];
  /** The phase. */
  phase: TransformersPhase;
  /** Every player, in seat order. */
  players: TransformersPublicPlayer[];
  /** The Cosmos holder. */
  priority: PlayerId;
  /** The own uninstalled upgrades. */
  uninstalled: TransformersUpgrade[];
};

/**
 * A rotation in place.
 *
 * ```
 * use robo_core::geom::Turn;
 * assert_eq!(Turn::Left.inverse(), Turn::Right);
 * assert_eq!(Turn::Left.then(Turn::Left), Some(Turn::UTurn));
 * assert_eq!(Turn::Left.then(Turn::Right), None);
 * ```
 */
export type Turn = "Left" | "Right" | "UTurn";

/**
 * One of the 40 upgrade cards (one copy each).
 *
 * ```
 * use variant_2023::upgrades::{Upgrade, UpgradeKind};
 * assert_eq!(Upgrade::CrabLegs.cost(), 5);
 * assert_eq!(Upgrade::Recharge.kind(), UpgradeKind::Temporary);
 * assert_eq!(Upgrade::ALL.len(), 40);
 * assert_eq!(Upgrade::RailGun.to_string(), "Rail Gun");
 * ```
 */
export type Upgrade = "Brakes" | "ChaosTheory" | "CrabLegs" | "DeflectorShield" | "DoubleBarrelLaser" | "Drifting" | "EnergyConversion" | "Firewall" | "FlashDrive" | "HoverUnit" | "LaserKata" | "MemoryCards" | "MiniHowitzer" | "ModularChassis" | "PowerSlide" | "PressorBeam" | "RailGun" | "RammingGear" | "RearLaser" | "Scrambler" | "SelfDiagnostics" | "SpamFilter" | "Spiky" | "TractorBeam" | "AbortSwitch" | "AllAboard" | "Boink" | "CalibrationProtocol" | "DisplacingBlast" | "LuckyBooster" | "Magnetic" | "MemorySwap" | "Overclocked" | "PiercingDrill" | "PressureRelease" | "ReInitialize" | "Recharge" | "Rewire" | "Switch" | "Zoop";

/** Using a temporary upgrade at one of the moments it may be used. */
export type UpgradeUse = "AbortSwitch" | "AllAboard" | {
  Boink: Dir;
} | "CalibrationProtocol" | "LuckyBooster" | "MemorySwap" | "Overclocked" | "PressureRelease" | {
  ReInitialize: PlayerId;
} | "Recharge" | "Rewire" | {
  Switch: PlayerId;
} | {
  Zoop: Dir;
};

/** An answer to what the game waits for. */
export type V2023Action = {
  BlockStart: Pos;
} | {
  ChooseStart: Pos;
} | "DrawUpgrade" | {
  Install: {
    /** The installed upgrade to discard to make room. */
    discard?: Upgrade | null;
    /** The upgrade to install (from your uninstalled ones). */
    upgrade: Upgrade;
  };
} | {
  Uninstall: Upgrade;
} | {
  Use: UpgradeUse;
} | "Done" | {
  Program: Program;
} | "ShutDown" | {
  TimeUp: Program;
} | {
  ReturnCard: CardId;
} | {
  Face: Dir;
} | {
  Brake: boolean;
} | {
  Rotate: Turn;
} | {
  Sidestep: Side;
} | {
  PayEnergy: number;
} | {
  Remove: {
    /** Which kind of card. */
    card: V2023Card;
    /** Where from. */
    pile: Pile;
  };
} | "KeepAll" | {
  InstallFree: Upgrade;
} | {
  First: CardId;
} | {
  Fire: Weapon;
} | {
  Shield: boolean;
} | {
  Shift: Rel | null;
} | {
  Follow: boolean;
} | {
  Pierce: Dir | null;
} | {
  Exchange: Upgrade | null;
} | {
  PlayHaywire: boolean;
};

/**
 * What a card does: the nine regular programming cards, SPAM, and the
 * Haywire effects.
 *
 * ```
 * use variant_2023::cards::Card;
 * assert_eq!(Card::Move2.to_string(), "Move 2");
 * assert!(Card::Spam.is_damage());
 * assert!(Card::Again.is_regular());
 * ```
 */
export type V2023Card = "Move1" | "Move2" | "Move3" | "RotateRight" | "RotateLeft" | "UTurn" | "MoveBack" | "PowerUp" | "Again" | "Spam" | {
  Haywire: Haywire;
};

/** The kinds of decision the game waits for. */
export type V2023Decision = "BlockStart" | "ChooseStart" | "Upgrades" | "Program" | {
  Window: {
    /** After the card. */
    after: boolean;
  };
} | "RebootFacing" | "Brakes" | {
  Haywire: Haywire;
} | "Order" | "Weapon" | "Shield" | "EnergyConversion" | {
  Slide: Upgrade;
} | "Magnetic" | "PiercingDrill" | "ModularChassis" | "LuckyBooster" | "SelfDiagnostics";

/** Something that happened. */
export type V2023Event = {
  Grid: GridEvent;
} | {
  RoundStarted: {
    /** Its number, from 1. */
    round: number;
  };
} | {
  PhaseStarted: Phase;
} | {
  RegisterStarted: {
    /** 1 to 5. */
    register: number;
  };
} | {
  StartBlocked: {
    /** Where. */
    at: Pos;
    /** Whose cube. */
    player: PlayerId;
  };
} | {
  StartChosen: {
    /** Where. */
    at: Pos;
    /** Whose robot. */
    player: PlayerId;
  };
} | {
  UpgradeDrawn: {
    /** Who. */
    player: PlayerId;
  };
} | {
  UpgradeInstalled: {
    /** Energy paid. */
    cost: number;
    /** Who. */
    player: PlayerId;
    /** What. */
    upgrade: Upgrade;
  };
} | {
  UpgradeDiscarded: {
    /** Who. */
    player: PlayerId;
    /** What. */
    upgrade: Upgrade;
  };
} | {
  UpgradeUsed: {
    /** Who. */
    player: PlayerId;
    /** What. */
    upgrade: Upgrade;
  };
} | {
  UpgradesExchanged: {
    /** Who gave Modular Chassis. */
    from: PlayerId;
    /** What was taken in return. */
    taken: Upgrade;
    /** Who received it. */
    to: PlayerId;
  };
} | {
  HandDrawn: {
    /** Cards now in hand. */
    cards: number;
    /** Who. */
    player: PlayerId;
  };
} | {
  DeckShuffled: {
    /** Whose. */
    player: PlayerId;
  };
} | "DamageDeckShuffled" | {
  ProgramSubmitted: {
    /** Who. */
    player: PlayerId;
  };
} | {
  ShutDown: {
    /** Whose. */
    player: PlayerId;
  };
} | {
  CardRevealed: {
    /** The card. */
    card: V2023Card;
    /** Whose. */
    player: PlayerId;
    /** Which register. */
    register: number;
  };
} | {
  CardReplaced: {
    /** The card that came in, when it is face up. */
    by?: V2023Card | null;
    /** The card that left. */
    card: V2023Card;
    /** Whose. */
    player: PlayerId;
  };
} | {
  CardResolved: {
    /** The effect. */
    card: V2023Card;
    /** Whose. */
    player: PlayerId;
  };
} | {
  Braked: {
    /** Whose. */
    player: PlayerId;
  };
} | {
  Damaged: {
    /** What it became. */
    drawn: Drawn;
    /** Who. */
    player: PlayerId;
    /** From where. */
    source: Source;
  };
} | {
  NoDamageLeft: {
    /** Who would have been damaged. */
    player: PlayerId;
  };
} | {
  Shielded: {
    /** Who. */
    player: PlayerId;
  };
} | {
  Fired: {
    /** Which way. */
    dir: Dir;
    /** Who. */
    player: PlayerId;
    /** Which. */
    weapon: Weapon;
  };
} | {
  Energy: {
    /** The new amount. */
    energy: number;
    /** Whose. */
    player: PlayerId;
  };
} | {
  CheckpointReached: {
    /** Its number, from 1. */
    checkpoint: number;
    /** Who. */
    player: PlayerId;
  };
} | {
  Archived: {
    /** Where. */
    at: Pos;
    /** Whose. */
    player: PlayerId;
  };
} | {
  Fell: {
    /** Into a pit (else off an edge). */
    pit: boolean;
    /** Whose. */
    player: PlayerId;
  };
} | {
  Rebooted: {
    /** Where. */
    at: Pos;
    /** Facing. */
    facing: Dir;
    /** Whose. */
    player: PlayerId;
  };
} | {
  CardRemoved: {
    /** What. */
    card: V2023Card;
    /** Whose. */
    player: PlayerId;
  };
} | {
  PriorityPassed: {
    /** The new holder. */
    to: PlayerId;
  };
} | {
  GameOver: {
    /** The winner, if any (none at the round cap). */
    winner?: PlayerId | null;
  };
};

/** Everything `you` may see. */
export type V2023View = {
  /** What you are asked now, if anything. */
  asked?: V2023Decision | null;
  /** Checkpoints on the course. */
  checkpoints: number;
  /** The course's name. */
  course: string;
  /** Start spaces covered by cubes (competitive mode). */
  cubes: Pos[];
  /** Cards left in the damage deck. */
  damage_deck: number;
  /** The damage discard pile, most recent first. */
  damage_discard: Shown[];
  /** Your hand. */
  hand: Shown[];
  /** Your cards on Memory Cards. */
  memory: Shown[];
  /** The result, once the race is over. */
  outcome?: Outcome | null;
  /** The phase. */
  phase: Phase;
  /** The priority token's holder. */
  priority: PlayerId;
  /** Register being resolved (0 outside activation). */
  register: number;
  /** Cards removed from the game. */
  removed: Shown[];
  /** Cards still to put back on your deck (Memory Swap). */
  returning: number;
  /** Every robot, in seat order. */
  robots: RobotView[];
  /** Round, from 1. */
  round: number;
  /** Your uninstalled upgrades. */
  uninstalled: Upgrade[];
  /** Cards left in the upgrade deck. */
  upgrade_deck: number;
  /** The upgrade discard pile, most recent first. */
  upgrade_discard: Upgrade[];
  /** The viewer. */
  you: PlayerId;
};

/**
 * Why the winner won. [`Display`](fmt::Display) says it in plain words.
 *
 * ```
 * use variant_conquest::Victory;
 * assert_eq!(Victory::LaunchPad.to_string(), "tied for the most zones and held the Launch Pad");
 * ```
 */
export type Victory = "elimination" | "most-zones" | "launch-pad" | "most-robots" | "turn-order";

/** What a robot fires in the robot weapon step. */
export type Weapon = "MainLaser" | {
  Upgrade: Upgrade;
};

/**
 * A zone of the map, numbered in the map's own order.
 *
 * ```
 * use variant_conquest::ZoneId;
 * assert_eq!(ZoneId(7).to_string(), "Z7");
 * ```
 */
export type ZoneId = number;

/**
 * A set of zones: one bit per zone of a map of at most [`MAX_ZONES`] zones.
 *
 * ```
 * use variant_conquest::{ZoneId, ZoneSet};
 * let mut s = ZoneSet::EMPTY;
 * s.insert(ZoneId(3));
 * s.insert(ZoneId(40));
 * assert!(s.contains(ZoneId(40)));
 * assert_eq!(s.len(), 2);
 * assert_eq!(s.iter().collect::<Vec<_>>(), vec![ZoneId(3), ZoneId(40)]);
 * ```
 */
export type ZoneSet = number;

/** One zone. */
export type ZoneState = {
  /**
   * Who holds it (`None` only during setup, or for a captured zone
   * waiting for robots to move in).
   */
  owner?: PlayerId | null;
  /** Ordinary robots on it (the owner's leader is counted apart). */
  robots: number;
};
