"""Spec sheets and tables flattened to text: "Key: value" lines state what their key names,
and units agree in their spellings (kg / kilograms / キロ, in / inch / ″, mAh, °C / degrees,
% / per cent), while another value is still another value."""

from __future__ import annotations

import pytest

from recall_audit.scorer.judges.builtin import BuiltinJudge
from recall_audit.text.text import analyse

SHEET = "Orbis X1 specifications\nWeight: 2.5kg\nDisplay: 13.3″\nBattery: 5000mAh\nPrice: $999"


@pytest.mark.parametrize(
    ("claim", "chunk", "supported"),
    [
        ("The laptop weighs 2.5 kilograms.", "Weight: 2.5kg", True),
        ("The Orbis X1 weighs 2.5 kilograms.", SHEET, True),
        ("The Orbis X1 has a 13.3-inch display.", SHEET, True),
        ("The Orbis X1 has a 5000 mAh battery.", SHEET, True),
        ("The Orbis X1 costs 999 dollars.", SHEET, True),
        ("The Orbis X1 weighs 3 kilograms.", SHEET, False),
        ("The Orbis X1 has a 15-inch display.", SHEET, False),
        ("The water is heated to 60 degrees Celsius.", "Water temperature: 60°C", True),
        ("Sales rose 20 per cent in 2024.", "In 2024 sales rose 20%.", True),
        ("Sales rose 20 per cent in 2024.", "In 2024 sales rose 25%.", False),
        ("オルビスX1の重さは2.5キロです。", "オルビスX1 仕様\n重量：2.5kg", True),
        # A table row flattened with pipes states what each key names ...
        (
            "The Orbis X1 weighs 2.5 kilograms.",
            "Orbis X1 | Weight | 2.5 kg | Colour | silver",
            True,
        ),
        (
            "The Orbis X1 weighs 2.5 kilograms.",
            "Orbis X1 | Weight | 3.1 kg | Colour | silver",
            False,
        ),
        # ... a pipe list of the claim's own words, its verb among them, states nothing.
        (
            "The Orbis X1 weighs 2.5 kilograms.",
            "Orbis X1 | weighs | 2.5 kg | kilograms | laptop",
            False,
        ),
        # A unit after its number names no one ("the context never names GB" was said).
        (
            "The Orbis X1 has 16 GB of memory.",
            "Orbis X1 specifications\nMemory: 16GB\nStorage: 512GB",
            True,
        ),
        # A key binds its value: 512 is the storage, not the memory.
        (
            "The Orbis X1 has 512 GB of memory.",
            "Orbis X1 specifications\nMemory: 16GB, Storage: 512GB",
            False,
        ),
        ("The Orbis X1 has a 55-inch screen.", 'Orbis X1 specifications\nScreen size: 55"', True),
        # The subject ends at its verb's -s form: "Celsius" is not what the claim is about.
        (
            "The oven heats up to 250 degrees Celsius.",
            "Oven specifications\nMax temperature: 250 °C",
            True,
        ),
        # A company's suffix is no part of what names it.
        ("Acme Corp employs 300 people.", "Acme employs 300 people at its plant in Ohio.", True),
        ("Acme Corp employs 300 people.", "Zenith employs 300 people at its plant in Ohio.", False),
    ],
)
def test_key_value_lines_and_units(claim: str, chunk: str, supported: bool) -> None:
    (verdict,) = BuiltinJudge().judge([claim], [chunk])
    assert verdict.supported is supported, verdict.explanation


@pytest.mark.parametrize(
    ("text", "value", "unit"),
    [
        ("13.3″", "13.3", "in"),
        ("13.3 in", "13.3", "in"),
        ("16GB", "16", "gb"),
        ("5000 mAh", "5000", "mah"),
        ("20 per cent", "20", "%"),
        ("25 degrees Celsius", "25", "deg"),
        ("25°C", "25", "deg"),
    ],
)
def test_unit_spellings(text: str, value: str, unit: str) -> None:
    assert analyse(text).quantities == {value: frozenset({unit})}


def test_in_is_a_preposition_inside_a_phrase() -> None:
    assert analyse("won 3 in a row").quantities == {"3": frozenset({""})}
