"""What each field on the wire means, for the OpenAPI document's property descriptions.

Most wire structs are the domain's own (views, events, commands, material),
whose docstrings say what each struct is; the fields they share keep one
meaning across structs and kinds (``seat`` is always a seat number), so
their descriptions live here once, as a glossary the document generator
(`service.api.openapi`) applies to every property that carries no
``msgspec.Meta(description=...)`` of its own. ``"Struct.field"`` entries say
what a field means in one struct where the word alone would be too vague.

Conventions every description relies on: indices (seats, routes, cities,
cars, face-up slots, rounds, turns) count from 0; an absent value is JSON
``null``; hidden values are ``null`` for those who may not see them.
A test (`tests/api/test_descriptions.py`) fails on any property or
parameter of the document without a description.
"""

from __future__ import annotations

#: a field name's meaning wherever it appears (unless `IN_STRUCT` says otherwise)
GLOSSARY: dict[str, str] = {
    # -- games, seats, versions ------------------------------------------------------------
    "id": "The game's id (a UUID)",
    "game_id": "The game's id (a UUID)",
    "kind": "The game kind (GET /kinds)",
    "seat": "A seat number, 0-based in the order the seats were taken",
    "seats": "The number of seats (players)",
    "version": "The game's version: how many records its log holds",
    "status": "Where the game is: lobby (seats being taken), active or finished",
    "to_act": "The seats whose decision the game waits for (empty when nobody's)",
    "setup": "How the game is set up (kind's seats, map, variant, options, rules version)",
    "seed_commitment": "SHA-256 of the secret seed, published before the first shuffle "
    "(docs/fairness.md)",
    "seed_chosen_by_client": "Whether the creator chose the whole seed (then nothing about "
    "the shuffles is secret from them)",
    "seed": "The secret seed (hex), revealed once the game has ended; null before",
    "result": "The final outcome once the game has ended; null before",
    "view": "The kind's own view of the game; null in the lobby",
    "clock": "The game's turn clock and each seat's time; null for an untimed game",
    "name": "The name shown, for people",
    "bot": "The strategy the server plays the seat with; null when its player does",
    "token": "A bearer token, shown this once (store it; it is kept only as a hash)",
    "command_id": "The command's id: its Idempotency-Key, or one the server chose",
    "events": "The events it recorded, redacted for the caller",
    "command": "The command (the kind's tagged union), ready to send as it is",
    "legal_moves": "Everything the seat may do now, each with a ready command; empty when "
    "it is not the seat's decision",
    "scores": "Each seat's score, by seat",
    "winners": "The winning seats (several on a tie)",
    "sheets": "Each seat's score sheet, by seat: the terms (with their rule sections) that "
    "add up to its score, and figures that are not points",
    "options": "Host options by name",
    "rules_version": "The rules the game is played under (docs/rules-versions.md)",
    "map": "The map played on",
    "variant": "The variant played",
    "title": "Its name, for people",
    # -- pages, problems, health ----------------------------------------------------------
    "records": "The log's records, oldest first",
    "next_after": "Ask for the next page with after= this version",
    "games": "The listed games on this page, newest first",
    "next": "The cursor of the following page; null on the last page",
    "detail": "What happened, in plain words",
    "code": "A stable machine code (what clients switch on)",
    "section": "The rules section it comes from (e.g. §5.2); empty or null when none",
    "message": "What was wrong, in plain words",
    "store": "The event store's state: ok, or what is wrong",
    "redis": "Redis's state: ok, not configured, or what is wrong",
    "time": "When it was recorded (ISO 8601, UTC)",
    "payload": "The record's own data (by its type; see Record)",
    "prev_hash": "The hash of the previous record (all zeros for the first): the chain",
    "hash": "This record's hash over its content and prev_hash (docs/fairness.md)",
    # -- randomness -----------------------------------------------------------------------
    "draw": "Which draw of the seeded generator made it (counting from 0)",
    "before": "The items in their order before the shuffle",
    "after": "The items in their shuffled order",
    "bound": "The pick is a number from 0 up to, not including, this",
    "value": "The value",
    "shuffles": "Shuffles of the discard pile into the draw pile this caused (in order)",
    "shuffle": "The shuffle of the seat's deck before the draw; null when hidden from the "
    "viewer",
    # -- Ticket to Ride -------------------------------------------------------------------
    "route": "A route's number (index into the material's routes and route_owner)",
    "city": "A city's number (index into the material's cities and station_owner)",
    "colour": "A card colour (the material's card_colours); null: Locomotives only",
    "locomotives": "How many of the cards are Locomotives (wild)",
    "slot": "A face-up slot (0-based); JSON null for a blind draw from the pile",
    "card": "A card, by its name in the material",
    "keep": "The tickets kept, by ticket number (index into the material's tickets)",
    "tickets": "Destination tickets, by ticket number (index into the material's tickets); "
    "null for those who may not see them",
    "count": "How many",
    "kept": "The tickets kept, by number; null for those who may not see them",
    "returned": "How many tickets went back",
    "display": "The face-up cards by slot (null: an empty slot)",
    "resets": "How often the display was discarded and redrawn for holding three "
    "Locomotives",
    "turn_over": "Whether this draw ended the seat's turn",
    "points": "Points scored",
    "cards": "Cards",
    "paid": "The cards paid by name and count, when not one colour plus Locomotives; null "
    "otherwise",
    "revealed": "The cards turned up from the pile for the tunnel",
    "extra": "How many more cards of the colour (or Locomotives) the tunnel asks for",
    "cities": "Every city the ticket names, by city id (two or more)",
    "a": "The first city (its id)",
    "b": "The last city (its id)",
    "length": "The route's length in spaces",
    "partner": "The other route of a double route; null for a single route",
    "tracks": "The route numbers sharing its cities (a double route's tracks)",
    "index": "Its number, as the views and commands use it",
    "long": "Whether it belongs to this setup's long-ticket deck",
    "group": "The ticket group of the map file it comes from",
    "big_city": "Whether it is a Big Cities ticket",
    "lat": "Latitude, for drawing the board",
    "lon": "Longitude, for drawing the board",
    "metropolis": "Whether it is a big city of the map",
    "payments": "For claim-route, build-station, pay-tunnel and build-harbor: every colour "
    "and Locomotive range that can pay; null for other moves",
    "min_locomotives": "The fewest Locomotives a payment of this colour may include",
    "max_locomotives": "The most Locomotives a payment of this colour may include",
    "offered": "The tickets offered to choose from, by number; null for those who may not "
    "see them",
    "hand": "The cards in hand",
    "hands": "Each seat's dealt hand; null for the seats the viewer may not see",
    "trains": "Trains left",
    "stations": "Stations left to build",
    "score": "The score so far (route points; tickets count at the end)",
    "routes": "Routes claimed, by route number",
    "choosing_tickets": "Whether the seat is choosing tickets now",
    "pieces": "Pieces left of the map's own kinds beyond trains and stations (ships...); "
    "null when the map has none",
    "current": "The seat whose turn it is",
    "pending": "The decision that must be made before the turn goes on; null when none",
    "turn": "The turn number (0-based)",
    "route_owner": "Each route's owner by route number (null: unclaimed)",
    "station_owner": "Each city's station builder by city number (null: none)",
    "draw_pile": "Cards left in the draw pile",
    "discard_pile": "Cards in the discard pile",
    "ticket_pile": "Tickets left in the ticket pile",
    "tunnel": "A tunnel attempt awaiting its player's decision; null when none",
    "turns_left": "Turns left once the end is triggered (§8); null before",
    "final": "Each seat's final account once the game has ended; null before",
    "completed": "For each of the seat's tickets: whether it was completed",
    "borrowed": "For each of the seat's stations: the route it borrowed (null: none)",
    "station_bonus": "Points for stations left unbuilt",
    "longest_path": "The length of the seat's longest continuous path",
    "express": "Whether the seat has the longest path (the European Express bonus)",
    "express_bonus": "The bonus points for the longest path",
    "total": "The final score",
    "x": "Its place across the printed board, as a fraction of the board's width; null "
    "where the map gives none",
    "y": "Its place down the printed board, as a fraction of the board's height; null "
    "where the map gives none",
    "country": "The country it is in, where the map marks it (goal cards measure it)",
    "capital": "Whether it is a capital, where the map marks it (goal cards measure it)",
    "arctic": "Whether it is north of the Arctic Circle, where the map marks it",
    "goals": "The goal cards (Northern Lights §5.3); left out on a map without them",
    "goals_in_play": "How many goal cards are drawn at setup",
    "face_up_without_piles": "Whether face-up cards may still be drawn with the draw pile "
    "and the discards both empty",
    "bonus_cards": "The X of a \"+X\" route: cards drawn blind after claiming it (0: none)",
    "pairs": "For a ferry paid with pairs: how many of its Locomotive symbols are paid with "
    "pairs of one colour; left out on every other route",
    "metric": "What the goal measures (its id), for programs",
    "measures": "What the goal measures, in words",
    "values": "Every seat's value of the goal's measure, by seat, once the game has ended",
    "goods_cards": "Goods cards in the pile at the start (Amsterdam; 0: none)",
    "goods_scoring": "The points of each place in the goods count at this player count",
    "setup_returns": "Whether the tickets not kept at setup go under the ticket pile (not "
    "to the box)",
    "goods_pile": "Goods cards left in the pile (Amsterdam); left out on maps without",
    "ticket_deck": "The ticket deck of a map whose box deck the map file cannot list; left "
    "out otherwise",
    "generated": "Whether the engine made it up (a map whose printed deck is not listed)",
    "digest": "The deck's content hash",
    "bonuses": "Points of the map's features' own end-of-game terms, by term name (goods, "
    "goal-cards, harbors), beyond routes, tickets, stations and the longest path",
    "reason": "Why the game ended",
    "first": "The pick of the first player",
    "long_tickets": "The shuffle of the long tickets; null when the variant has none",
    "card_colours": "The train card colours, in canonical order",
    "route_points": "The route scoring table",
    "double_routes": "Whether both tracks of double routes may be claimed with this many "
    "seats",
    "rules": "The ruleset: everything that varies between maps and variants",
    # -- Colt Express ---------------------------------------------------------------------
    "bandit": "A bandit, by character id",
    "character": "The bandit's character id",
    "characters": "The characters in play, by seat order (two per seat with two seats)",
    "car": "A car's position in the train, 0 (the locomotive) onwards",
    "roof": "Whether on the roof (true) or inside (false)",
    "cause": "What moved the bandit (a card or an event)",
    "caboose": "The bandit (character id) that starts inside the caboose",
    "shooter": "The bandit who fired; null for the Marshal's neutral bullet",
    "face_down": "Whether the card was played face down",
    "cover_fire": "Whether this card is the two-player game's cover card for a Fire",
    "effect": "What it does, in words",
    "loot": "The loot tokens held",
    "bullets_left": "Bullets the bandit has left to fire",
    "bullets_received": "Bullet cards the bandit has taken",
    "position": "The car's position in the train, 0 (the locomotive) onwards",
    "wagon": "Which car (its id in the material)",
    "inside": "The loot inside the car",
    "target": "The bandit shot (character id)",
    "victim": "The bandit punched (character id)",
    "take_purse": "Cheyenne's option: keep the purse the victim drops",
    "two_player": "Whether each seat plays two bandits (the two-player rules, §8)",
    "character_draw": "The shuffle that drew the characters; null when the host named them",
    "wagons": "The shuffle of the cars; the first `cars` are the train behind the locomotive",
    "first_player": "The seat that plays first",
    "purses": "The shuffle of the purses on the car floors; hidden (null) until the end",
    "round_cards": "The round cards",
    "round": "The round, 0-based (0 is the first; people count from 1: the board picture's "
    "\"Round 1\" is round 0)",
    "choosers": "The bandits that owe a choice for the event, in order",
    "purse_values": "The values of the purses, by token id (each seat sees those it held)",
    "gunslingers": "The seats with the Gunslinger bonus",
    "size": "How many cards were drawn",
    "phase": "The step of the round the game is in",
    "turn_types": "The turns of the current round card, in order",
    "cover_fire_pending": "Whether a two-player cover card is awaited after a Fire",
    "marshal": "The car the Marshal is in",
    "train": "The train, locomotive first",
    "reserve": "The loot tokens in reserve (not in the train)",
    "bandits": "Every bandit, where he stands and what he holds",
    "pile": "The cards played this round, in order",
    "pending_bandit": "The bandit whose card is being carried out; null when none",
    "neutral_bullets_left": "The Marshal's neutral bullets left",
    "own_pile_cards": "The seat's own cards on the pile (its face-down ones shown to it)",
    "hand_size": "Cards in hand",
    "deck_size": "Cards in the deck",
    "shots": "Bullet cards the seat's bandits have fired",
    "resolved": "Whether the card has been carried out",
    "event": "The round card's event; null when none",
    "set": "Which set of round cards it belongs to",
    "turns": "Its turns in order (turn type ids)",
    "order": "The direction the turn goes round the table",
    "actions_per_player": "Cards each player plays in such a turn",
    "station": "Whether it is a train station card (the last round)",
    "power": "The character's power, in words",
    "ability": "The character's special ability, in words",
    "jewels": "Jewels printed on its floor",
    "starting_purse": "The value of each bandit's starting purse",
    "jewel": "The value of a jewel",
    "strongbox": "The value of a strongbox",
    "hostage_ransom": "The ransom the Hostage-Taking event pays",
    "gunslinger_bonus": "The Gunslinger bonus",
    "action": "The action card's name",
    "rounds": "Rounds played",
    "cars": "Cars behind the locomotive",
    "bandits_per_seat": "Bandits each seat plays",
    "bullets_per_bandit": "Bullet cards each bandit starts with",
    "neutral_bullets": "The Marshal's neutral bullets",
    "hand_doc": "Cards in Doc's hand (his power)",
    "action_cards": "The action cards of each deck",
    # -- audit ----------------------------------------------------------------------------
    "valid": "Whether no check found anything wrong",
    "complete": "Whether every check could run (a running game's log leaves some "
    "not-verifiable)",
    "head_hash": "The last record's hash",
    "finished": "Whether the log ends with the game over",
    "checks": "The outcome of each check",
    "first_invalid": "The first finding; null when none",
    "findings": "Everything found wrong, in log order",
    "shuffles_reproduced": "Shuffles recomputed from the revealed seed and found equal",
    "picks_reproduced": "Picks recomputed from the revealed seed and found equal",
    "commands_redecided": "Commands decided again by the rules and found to give the "
    "recorded events",
    "replayed_to": "The version the log was replayed to",
    "final_view": "The public view after the last record; null when the log did not replay",
    "check": "Which check",
    "record_type": "The record's type",
    "verdict": "What the rules say about the record",
    "rule": "The rule that allowed or refused the command; null when none applies",
    "difference": "Where the decided events first differ from the recorded ones; null when "
    "they do not",
    "listed_in_legal_moves": "Whether the command was among the seat's legal moves; null "
    "when not a command",
    "seat_view_before": "The seat's private view before the record; null when not "
    "verifiable",
    "recorded_events": "The events the log records",
    "decided_events": "The events the rules decide; null when not decided",
    "report": "The verdict on the game's log",
    "explanation": "The record asked for (?version=), explained; null when none asked",
    # -- the kinds' descriptors and clocks ------------------------------------------------
    "reserve_seconds": "Seconds of reserve",
    "move_seconds": "Seconds for each decision",
    "deadline": "When the seat times out if it has not acted (ISO 8601); null when none",
    "public": "The public view",
    "invite_code": "A private game's invite code",
    # -- maps of several decks, harbors and pieces in reserve (Rails & Sails World) -------
    "deck": "A deck's id (GET /kinds/ticket-to-ride/material: decks), e.g. train or ship",
    "give": "The piece kind given back to the box reserve",
    "take": "The piece kind taken from the box reserve in its place",
    "more_cards": "The shuffles of the decks after the first (ship cards), in deck order; "
                  "their outcome hidden",
    "doubles": "How many double-ship cards the payment holds; left out where none apply",
    "market": "How the face-up market refills: one-deck (from the one deck) or chosen "
              "(each slot from the deck the player picks)",
    "final_rounds": "Turns each seat plays once the end is triggered",
    "harbor_cards": "Cards of each deck a harbor costs, in deck order",
    "harbor_points": "A harbor's points by how many completed tickets name its city",
    "harbor_unbuilt": "Points for each harbor left unbuilt (negative)",
    "box": "The most pieces of each kind a player owns, in piece-kind order",
    "supply": "The pieces each player takes into play, split in secret at setup",
    "exchange_cost": "Points lost per piece exchanged with the box reserve",
    "decks": "Every deck's pile sizes, on a map of several decks; left out otherwise",
    "refill_slot": "The market slot waiting for its deck to be chosen; null when none",
    "harbor_owner": "Per city, the seat whose harbor stands there (null: none); left out "
                    "on a map without harbors",
}

#: a field's meaning in one struct, where the glossary's word would be too vague
IN_STRUCT: dict[str, dict[str, str]] = {
    "AuditReport": {
        "kind": "The game kind the log says; null when unreadable",
        "game_id": "The game's id as the log says; null when unreadable",
        "rules_version": "The rules the log was played under; null when unreadable",
        "records": "How many records the log holds",
        "version": "The last record's version",
        "result": "The outcome the log ends with; null for a running game",
    },
    "CheckOutcome": {"status": "passed, failed, or not-verifiable (what it needs is hidden)",
                     "detail": "What the check covered, in plain words"},
    "Finding": {"position": "The record's line in the log as given (1-based)",
                "version": "The version the record claims; null when unreadable"},
    "Explanation": {"version": "The record explained", "seat": "The seat that acted; null "
                    "for records of nobody", "before": "The public view before the record",
                    "after": "The public view after the record; null when refused",
                    "command": "The command recorded; null when not a command",
                    "detail": "The verdict in plain words"},
    "Problem": {
        "type": "The problem type, a URN: urn:roundhouse:problem:<code> or "
        "urn:roundhouse:rule:<kind>:<code>",
        "title": "The status's title",
        "status": "The HTTP status",
        "current_version": "The game's version now (on a stale If-Match or a race)",
        "known": "What exists, when the request named something unknown (the kinds, or "
        "the maps of an unknown map)",
        "to_act": "On a refusal out of turn: the seats whose turn it is",
        "expected": "On a command out of its phase: the command types the game waits for "
        "from the seat to act",
        "errors": "The parameters refused, each with what is wrong",
        "request_id": "The request's id in the server's log (5xx only)",
        "retry_after": "Seconds to wait before retrying (also in Retry-After)",
    },
    "ParameterError": {
        "message": "What is wrong with it",
        "key": "The parameter (a body field's dotted path); left out when the refusal "
        "concerns no one parameter",
        "source": "Where the parameter is: body, path, query, cookie or header",
    },
    "Health": {"status": "ok when the answer is 200"},
    "Readiness": {"status": "ok when the answer is 200"},
    # -- the figures across games (GET /statistics) ----------------------------------------
    "NamedSpread": {"spread": "How the term's points (or the figure's values) spread over "
                    "the seats of the games counted"},
    "Record": {"type": "The record's type: what happened (created, seat-joined, command...)",
               "seat": "The seat that acted; null for records of nobody",
               "command_id": "The command's id; null when not a command",
               "events": "The events it recorded (the kind's event union)",
               "version": "Its position in the log: 1 for the first record"},
    "EventsPage": {"version": "The game's version now"},
    "CreatedPayload": {
        "listed": "Whether the lobby lists the game (absent from older logs: listed)",
        "private": "Whether joining takes the invite code (absent from older logs: no)",
        "clock": "The game's turn clock; absent for an untimed game",
    },
    "SeatLeftPayload": {"by": "Who freed the seat: its player, or the host"},
    "TimeoutPayload": {"then": "What plays the seat from now on, until its player acts"},
    "SeatChange": {"version": "The game's version after the change"},
    "SeatToken": {"version": "The game's version after the seat was taken",
                  "token": "The seat's bearer token, shown this once (kept only as a hash)"},
    "CommandAnswer": {"version": "The game's version after the command",
                      "seat": "The seat that sent it"},
    "LobbyGame": {"map": "The map; null for a kind without maps (or an older game)",
                  "variant": "The variant; null when none (or an older game)"},
    "PrivateGame": {"seat": "The bearer's seat", "view": "The seat's private view; null in "
                    "the lobby"},
    "ColtExpressPrivateView": {"seat": "The seat this view is for",
                               "hand": "The seat's hand (card ids)"},
    "TicketToRidePrivateView": {"seat": "The seat this view is for",
                    "hand": "The seat's train cards by colour and count",
                    "tickets": "The seat's tickets"},
    "SeatView": {"cards": "Train cards in hand", "tickets": "Tickets held",
                 "goods": "Goods cards the seat has taken, face up (Amsterdam); left out on maps "
                 "without"},
    "TicketDeckView": {"cards": "Tickets in the deck", "generated": "How many of them the "
                       "engine made up (0: the printed deck, supplied by the server)"},
    "SeatTime": {"seat": "The seat"},
    "SeatCounts": {"seat": "The seat"},
    "SeatInfo": {"name": "The name shown at the table"},
    "BanditView": {"seat": "The seat that plays him", "car": "The car he is in or on"},
    "PileCardView": {"seat": "The seat that played it",
                     "card": "The card; null while face down (for others)"},
    "LootTaken": {"seat": "The seat whose bandit took it",
                  "value": "The purse's value, for that seat only; null otherwise",
                  "token": "The loot token (its id)"},
    "LootDropped": {"token": "The loot token (its id)"},
    "LootPlaced": {"token": "The loot token (its id)"},
    "RansomPaid": {"token": "The $250 token given (its id)"},
    "ChoiceMade": {"token": "The token taken; null: nothing"},
    "Pickpocket": {"token": "The purse taken (its id); null to take nothing"},
    "GiveUpPurse": {"token": "The purse lost (its id)"},
    "Rob": {"token": "The token taken (its id)"},
    "Punch": {"token": "The token the victim drops (its id); null if he holds none",
              "car": "The car the victim is knocked back to"},
    "TokenView": {"id": "The token's id", "value": "Its value in dollars; null for a purse "
                  "whose value the viewer has not seen"},
    "CardsDrawn": {"cards": "The cards drawn; null for those who may not see them"},
    "CardPlayed": {"card": "The card; null for others when face down"},
    "CardResolved": {"index": "The card's place on the pile", "effect": "false when it had "
                     "no legal way to be carried out (§4.3)"},
    "CardRevealed": {"index": "The card's place on the pile", "card": "The card"},
    "BulletTaken": {"card": "The bullet card"},
    "HandDealt": {"kept": "The card kept in the two-player game; null otherwise or hidden",
                  "hand": "The hand drawn; null for those who may not see it"},
    "KeepCard": {"card": "The card to keep"},
    "PlayCard": {"card": "The card to play, from the hand",
                 "face_down": "Play it face down (Ghost's first-turn power)"},
    "RoundBegan": {"card": "The round card turned up"},
    "RoundEnded": {"round": "The round that ended, 0-based"},
    "RoundEventBegan": {"event": "The event (its id in the material)"},
    "RoundCardMaterial": {"id": "The round card's id", "event": "Its end-of-round event; "
                          "null: none"},
    "EventMaterial": {"id": "The event's id", "name": "Its name", "station":
                      "Whether it ends the last round (a station card's event)"},
    "TurnTypeMaterial": {"id": "The turn type's id", "face_down": "Whether its cards are "
                         "played face down (a tunnel)"},
    "WagonMaterial": {"id": "The car's id", "purses": "Purses printed on its floor"},
    "CharacterMaterial": {"id": "The character's id, as in views and cards",
                          "name": "Its name", "colour": "Its colour, for drawing"},
    "ActionCardMaterial": {"count": "How many of it each deck holds"},
    "PurseValues": {"value": "The value in dollars", "count": "How many purses have it"},
    "LootMaterial": {"purses": "The purse values, with how many of each"},
    "ColtExpressMaterial": {"seats": "The number of seats", "hand": "Cards dealt to a hand",
                            "draw": "Cards a draw-cards takes", "wagons": "The cars the "
                            "train may use", "characters": "The characters",
                            "events": "The end-of-round events",
                            "round_cards": "The round cards this setup may deal",
                            "turn_types": "The turn symbols of the round cards",
                            "loot": "The loot's values"},
    "ColtExpressGameStarted": {"seats": "The number of seats",
                               "characters": "The characters in play, by bandit order",
                               "round_cards": "The shuffle of the round cards; hidden (null) "
                               "until the end", "station": "The pick of the train station "
                               "card; hidden (null) until the end"},
    "ColtExpressPublicView": {"round_cards": "The round cards turned up so far",
                              "seats": "Each seat's public counts",
                              "turn": "The turn of the current round card, 0-based; null "
                              "between rounds", "result": "The final scoring once the game "
                              "has ended; null before", "first_player":
                              "The seat that plays first this round",
                              "status": "active or finished"},
    "ColtExpressGameEnded": {"scores": "Dollars by seat"},
    "ResultView": {"scores": "Dollars by seat", "seed": "The seed, revealed"},
    "BanditMoved": {"car": "The car he is now in or on"},
    "MoveBandit": {"car": "The destination car"},
    "MoveMarshal": {"car": "The car the Marshal moves to"},
    "MarshalMoved": {"car": "The car the Marshal is now in"},
    "TicketToRideGameStarted": {
        "goals": "The shuffle of the goal cards' ids (the first goals_in_play are in play); "
        "its outcome hidden until the end; null on a map without them",
        "goal_cards": "The goal cards in play, face up (public); null on a map without them",
        "seats": "The number of seats", "cards": "The shuffle of the train cards",
        "tickets": "The shuffle of the regular tickets",
        "shuffles": "Further shuffles of the opening", "display": "The face-up display dealt",
        "offered": "The tickets each seat is offered; null for those the viewer may not see",
        "options": "The host options in play", "map": "The map", "variant": "The variant",
        "rules_version": "The rules version (0.1 for logs recorded before they named theirs)",
    },
    "TicketToRideGameEnded": {"scores": "Each seat's final account",
                              "tickets": "Every seat's tickets, by seat, revealed"},
    "RouteClaimed": {"goods": "The goods cards the claim took (Amsterdam); left out at 0",
                     "cards": "How many cards were paid",
                     "points": "The points the route scores"},
    "StationBuilt": {"cards": "How many cards were paid"},
    "TicketsChosen": {"count": "How many were kept"},
    "TicketsKept": {"count": "How many were kept", "bottom": "The order the returned "
                    "tickets went under the pile; null for fewer than two"},
    "TicketsDrawn": {"count": "How many were drawn"},
    "CardDrawn": {"card": "The card drawn; null for others on a blind draw",
                  "display": "The display after its refill (face-up draws); null for a "
                  "blind draw"},
    "ClaimRoute": {"cards": "Instead of colour and locomotives: the cards paid by name "
                   "and count, e.g. {\"red\": 2, \"locomotive\": 1}; null: use colour"},
    "BuildStation": {"colour": "The colour paid; null: Locomotives only"},
    "PayTunnel": {"locomotives": "How many of the extra cards are Locomotives"},
    "FinalScore": {"routes": "Points for routes", "tickets": "Points for tickets (completed "
                   "minus failed)"},
    "TicketView": {"id": "The ticket's number", "points": "What it is worth"},
    "TicketMaterial": {"points": "What it is worth (a tour: joined in the printed order)",
                       "any_order": "A tour's points when its cities are joined in another "
                       "order; left out for other tickets",
                       "penalty": "What a tour costs when not joined; left out for other "
                       "tickets"},
    "RouteMaterial": {"goods": "Whether its spaces carry the goods symbol (claiming it "
                      "takes a goods card); left out when false",
                      "colour": "A card colour, or gray (any one colour pays)",
                      "kind": "rail, tunnel or ferry", "locomotives": "Locomotives a ferry "
                      "needs among its cards", "points": "What it scores",
                      "piece": "The kind of piece a claim spends: trains, or ships (World)",
                      "doubled": "How many of its spaces cost two cards (World's double "
                      "ship spaces); left out when 0"},
    "RoutePoints": {"points": "What a route of this length scores"},
    "CityMaterial": {"id": "The city's id", "name": "Its name",
                     "port": "A port: a harbor may be built here (World); left out when "
                     "false"},
    "TicketToRideMaterial": {"seats": "The number of seats", "cards": "The names a hand or "
                             "the display uses", "cities": "The cities", "routes":
                             "The routes", "tickets": "The tickets of this setup's decks",
                             "title": "The map's name"},
    "TunnelView": {"route": "The tunnel being claimed"},
    "TunnelAttempted": {"route": "The tunnel being claimed"},
    "TunnelWithdrawn": {"route": "The tunnel given up"},
    "Payment": {"colour": "The colour; null: Locomotives only",
                "cards": "Where the move's command names its cards (claim-route on Rails & "
                "Sails routes, doubled spaces and ferries paid with pairs; build-harbor): the "
                "cards of this payment with its fewest Locomotives, by name and count; the "
                "command with these cards is accepted as it is. Left out where the command "
                "names a colour and Locomotives"},
    "Pick": {"value": "The number picked"},
    "ClockView": {"rule": "The clock's rule", "seats": "Each seat's time"},
    "GameMaterial": {"material": "The kind's own material for this setup"},
    "GoalMaterial": {"id": "The goal card's id", "card": "The card it is printed on",
                     "points": "What leading its measure scores", "index": "Its number, as "
                     "the public view's goals use it"},
    "GoalView": {"id": "The goal card's id", "index": "Its number in the material's goals",
                 "points": "What leading its measure scores", "winners": "The seats that "
                 "won it once the game has ended (all when tied, nobody when the best is 0)"},
    "TicketToRideLegalMove": {
        "cities": "For build-station: every city where a station may go; null otherwise",
        "tickets": "For ticket choices: the tickets on offer; null otherwise"},
    "TicketToRidePublicView": {"seats": "Each seat as everyone sees it (counts only)",
                   "tickets": "Every seat's tickets once the game has ended; null before",
                   "status": "active or finished"},
    "PublicGame": {"seats": "The seats taken, in seat order"},
    "CreatedGame": {"seats": "The seats taken (none yet)"},
    "Ruleset": {
        "version": "The rules version", "engine": "The engine's version",
        "core": "The rules every map states (players, pieces, market, track groups, end, "
        "winner, setup tickets), as its map file states them",
        "features": "The features the map combines, each with its settings; null for one "
        "it does not have",
        "tickets": "The variant's ticket rules", "pieces": "The piece kinds, in the order "
        "of piece_counts", "piece_counts": "The pieces of each kind a player starts with",
        "end_pieces": "The piece kinds (by index) whose sum triggers the end",
        "usable_tracks": "By group size: how many tracks of a double or triple route may "
        "be claimed at this seat count",
        "long_tickets": "The long tickets, by number", "regular_tickets": "The regular "
        "tickets, by number", "setup_returns": "Where the tickets not kept at setup go: "
        "box (out of the game) or under-pile (under the ticket pile)",
    },
    "MapRules": {
        "players": "The seat counts the map is played with", "pieces": "The pieces each "
        "player starts with", "market": "The face-up cards", "track_groups": "How many "
        "tracks of a double or triple route may be claimed, by seat count",
        "end": "What triggers the end of the game", "winner": "How the winner is found",
        "setup_tickets": "Where the tickets not kept at setup go",
        "sections": "The map rulebook's section for each section of the Europe rulebook "
        "the engine cites"},
    "Players": {"min": "The fewest seats", "max": "The most seats"},
    "Pieces": {"counts": "Pieces of each kind per player (trains, ships)"},
    "Market": {"kind": "one-deck (one face-up display) or chosen (the player picks the "
               "deck each refill comes from)", "wild_reset": "Face-up wilds that reset the "
               "display; 0: never reset", "face_up_without_piles": "Whether the display "
               "may stay short when both piles run out"},
    "TrackGroups": {"usable": "By group size, then seat count: how many of the group's "
                    "tracks may be claimed"},
    "End": {"trigger": "Pieces left (or fewer) that trigger the end", "pieces": "The piece "
            "kinds counted together for the trigger", "final_rounds": "Rounds played once "
            "the end is triggered"},
    "Winner": {"tie_breaks": "How ties are broken, in order"},
    "SetupTickets": {"returns": "box (out of the game) or under-pile (under the ticket "
                     "pile)"},
    "Features": {name: f"Its settings; null on a map without {words}" for name, words in (
        ("stations", "stations"), ("tunnels", "tunnels"), ("ferries", "ferries"),
        ("longest_path", "the longest-path bonus"), ("goods", "goods"),
        ("bonus_draws", "bonus draws"), ("doubled_spaces", "doubled spaces"),
        ("sea_routes", "sea routes"), ("piece_split", "the piece split"),
        ("harbors", "harbors"), ("goal_cards", "goal cards"), ("tours", "tours"))},
    "Stations": {"count": "Stations per player", "costs": "Cards the 1st, 2nd, 3rd... "
                 "station cost", "bonus": "Points per station left at the end"},
    "Tunnels": {"revealed": "Cards turned over when a tunnel is claimed"},
    "Ferries": {"paid_with": "locomotives (each symbol takes a Locomotive) or "
                "locomotives-or-pairs (a pair of cards of one colour may stand in)"},
    "LongestPath": {"bonus": "Points for the longest continuous path"},
    "Goods": {"cards": "Goods cards in the game", "scoring": "By seat count: points for the "
              "most goods cards, the second most, ..."},
    "PieceSplit": {"box": "Pieces of each kind in each player's box", "supply": "Pieces "
                   "each player takes into play, split between the kinds at setup",
                   "exchange_cost": "Points lost per piece exchanged during play"},
    "Harbors": {"pieces": "Harbors per player", "cards": "Cards of each deck a harbor "
                "takes (with an anchor)", "points": "Points of a harbor by the tickets "
                "through its city (0, 1, 2, 3 or more)", "unbuilt": "Points for each "
                "harbor not built"},
    "GoalCards": {"in_play": "Goal cards dealt face up for the game", "cards": "Every goal "
                  "card of the map"},
    "Goal": {"id": "The goal card's id", "card": "The card it is printed on", "name": "Its "
             "name", "points": "What leading its measure scores", "metric": "What it "
             "measures, by name", "measures": "What it measures, in words",
             "country": "The country its measure counts; empty when none"},
    "Variant": {"description": "What the variant changes, in words", "long_tickets":
                "The groups of long tickets in play", "regular_tickets": "The groups of "
                "regular tickets in play", "long_dealt": "Long tickets dealt to each player",
                "regular_dealt": "Regular tickets dealt to each player", "setup_keep":
                "The fewest dealt tickets to keep", "setup_long_max": "The most long "
                "tickets to keep; null: no limit", "draw_tickets": "Tickets a draw takes",
                "draw_keep": "The fewest drawn tickets to keep"},
}
