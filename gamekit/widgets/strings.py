"""Every user-visible string of the widgets, in one catalogue per language.

``text(key, **values)`` formats the string of the current language; a missing
translation falls back to English, so adding a language can be done key by key.
Game modules add their own keys with :func:`add_strings` (one call per module).
"""
from __future__ import annotations

CATALOGUE: dict[str, dict[str, str]] = {
    "en": {
        # seats and cards
        "seat.0": "Gold",
        "seat.1": "Coral",
        "card.you": "you",
        "card.cpu": "CPU · {level}",
        "card.person": "person",
        "card.score": "{score}",
        # buttons and selectors
        "button.new": "New game",
        "button.undo": "Undo",
        "button.resign": "Resign",
        "button.hint": "Hint",
        "button.step": "Step",
        "button.accept": "Accept",
        "button.decline": "Decline",
        "label.mode": "Mode",
        "label.level": "CPU level",
        "label.timer": "Time per turn",
        "mode.people": "Two people",
        "mode.cpu": "Against the CPU",
        "mode.watch": "CPU against CPU",
        "level.easy": "Easy",
        "level.medium": "Medium",
        "level.hard": "Hard",
        "timer.off": "Off",
        "timer.30": "30 s",
        "timer.60": "60 s",
        # status line
        "status.to_move": "{seat} to move.",
        "status.your_move": "Your move ({seat}).",
        "status.cpu_thinking": "The CPU is thinking…",
        "status.cpu_played": "The CPU played {moves}. {then}",
        "status.cpu_to_move": "{seat} (CPU) to move: press Step.",
        "status.winner": "{seat} wins {score}.",
        "status.draw": "A draw, {score}.",
        "status.resigned": "{seat} resigned: {winner} wins.",
        "status.undo_request": "{seat} asks to undo the last move. {other}, do you accept?",
        "status.undo_declined": "{seat} declined the undo.",
        "status.undo_cancelled": "A move was played, so the undo request is cancelled.",
        "status.undone": "Move taken back.",
        "status.nothing_to_undo": "There is nothing to undo yet.",
        "status.game_over": "The game is over: press New game to play again.",
        "status.not_your_turn": "Wait for your turn: the CPU is playing {seat}.",
        "status.cpu_busy": "Wait: the CPU is thinking.",
        "status.clicked_while_busy": "That click came while the CPU was thinking, so it was ignored. {status}",
        "status.timeout": "Time ran out: the CPU played {move} for {seat}.",
        "status.level_changed": "CPU level is now {level}; the board is kept.",
        "status.hint": "Hint: {move} — {reason}.",
        "status.no_hint": "No hint: the game is over.",
        "status.error": "Something went wrong: {error}",
        "status.refused": "Not changed: {reason}",
        "status.loaded": "Saved game loaded. {status}",
        "setting.saved_game": "a saved game (the dict of to_dict()) or a {cls}",
        "status.nobody_to_resign": "Only the CPU is playing: there is nobody to resign.",
        # refused settings (the message of the error and the reason in the status line)
        "setting.type": "{name}={value}: must be {kind} (nothing was changed)",
        "setting.choice": "{name}={value}: choose one of {choices} (nothing was changed)",
        "setting.range": "{name}={value}: must be from {low} to {high} (nothing was changed)",
        "setting.at_least": "{name}={value}: must be at least {low} (nothing was changed)",
    },
    "es": {
        "seat.0": "Dorado",
        "seat.1": "Coral",
        "button.new": "Nueva partida",
        "button.undo": "Deshacer",
        "button.resign": "Rendirse",
        "button.hint": "Pista",
        "button.step": "Paso",
        "button.accept": "Aceptar",
        "button.decline": "Rechazar",
        "level.easy": "Fácil",
        "level.medium": "Medio",
        "level.hard": "Difícil",
        "status.undo_request": "{seat} pide deshacer la última jugada. {other}, ¿aceptas?",
        "status.undo_declined": "{seat} rechazó deshacer.",
        "status.undone": "Jugada deshecha.",
        "status.nothing_to_undo": "Todavía no hay nada que deshacer.",
        "status.refused": "Sin cambios: {reason}",
        "status.loaded": "Partida guardada cargada. {status}",
        "setting.saved_game": "una partida guardada (el dict de to_dict()) o un {cls}",
        "status.nobody_to_resign": "Solo juega la CPU: nadie puede rendirse.",
        "setting.type": "{name}={value}: debe ser {kind} (no se cambió nada)",
        "setting.choice": "{name}={value}: elige uno de {choices} (no se cambió nada)",
        "setting.range": "{name}={value}: debe estar entre {low} y {high} (no se cambió nada)",
        "setting.at_least": "{name}={value}: debe ser al menos {low} (no se cambió nada)",
    },
}

_language = "en"


def set_language(language: str) -> None:
    """Switch every widget created afterwards to ``language`` (a key of ``CATALOGUE``)."""
    global _language
    if language not in CATALOGUE:
        raise ValueError(f"language {language!r}: known languages are {', '.join(CATALOGUE)}")
    _language = language


def add_strings(language: str, strings: dict[str, str]) -> None:
    """Register a game's own strings; a key already defined with another text is an error."""
    table = CATALOGUE.setdefault(language, {})
    for key, value in strings.items():
        if table.get(key, value) != value:
            raise ValueError(f"string {key!r} is already defined as {table[key]!r}")
        table[key] = value


def text(key: str, **values: object) -> str:
    """The string ``key`` in the current language, formatted with ``values``."""
    template = CATALOGUE.get(_language, {}).get(key) or CATALOGUE["en"].get(key)
    if template is None:
        raise KeyError(f"no string {key!r} in the catalogue")
    return template.format(**values)
