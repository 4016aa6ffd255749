"""What a table made for another tool means in pnp's words.

Two habits from elsewhere that pnp would otherwise read silently and wrongly: a CSV file saved with
`;` or tabs between values (a spreadsheet in a language that writes decimal commas does this), which
reads as one column; and a column of copies named as other card tools name it (`qty`, `copies`…),
which reads as a field, so every card is printed once.
"""
from __future__ import annotations

# Names other tools and habits give the number of copies of a card; pnp's column is `count`.
QUANTITY_NAMES = frozenset({"qty", "quantity", "copies", "amount", "count"})
_SEPARATORS = {";": "';' (semicolons)", "\t": "tabs"}


def means_quantity(column: str) -> bool:
    """A column name that means "how many copies" to another tool, in any letter case (not `count` itself)."""
    return column != "count" and column.strip().casefold() in QUANTITY_NAMES


def quantity_note(column: str) -> str:
    return (f"column '{column}' is read as a field, not as how many copies to print: pnp prints each row as many "
            f"times as its `count` column says (1 when there is none); rename the column to count")


def separator_note(header: list[str]) -> str | None:
    """When a CSV header read as one column splits on `;` or tabs into several names, what to say."""
    if len(header) != 1 or not isinstance(header[0], str):
        return None
    for sep, shown in _SEPARATORS.items():
        parts = [p.strip() for p in header[0].split(sep)]
        if len(parts) > 1 and sum(1 for p in parts if p) > 1:
            names = ", ".join(p for p in parts[:6] if p) + (", …" if len(parts) > 6 else "")
            return (f"the header reads as one column, but splits on {shown} into {names}: this file seems to use "
                    f"{shown} between its values, and pnp reads CSV with commas between values; save it again as "
                    f"CSV with commas (a spreadsheet's \"CSV, comma-separated\"), or give the workbook itself "
                    f"(.xlsx or .ods)")
    return None
