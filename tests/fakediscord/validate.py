"""Discord's size limits on message payloads; a breach is what Discord would refuse with a 400."""

from __future__ import annotations

from typing import Any

from .state import embed_text


def message_errors(body: dict[str, Any]) -> list[str]:
    """Every limit this message payload breaks, as `field: reason` strings (empty when valid)."""
    errors: list[str] = []
    content = body.get("content")
    if content is not None and len(str(content)) > 2000:
        errors.append(f"content: {len(str(content))} characters, the limit is 2000")
    embeds = body.get("embeds") or []
    if len(embeds) > 10:
        errors.append(f"embeds: {len(embeds)} embeds, the limit is 10")
    total = 0
    for i, embed in enumerate(embeds):
        errors.extend(_embed_errors(i, embed))
        total += sum(len(t) for t in embed_text(embed))
    if total > 6000:
        errors.append(f"embeds: {total} characters in all, the limit is 6000")
    errors.extend(_component_errors(body.get("components") or []))
    return errors


def _embed_errors(i: int, embed: dict[str, Any]) -> list[str]:
    errors = []
    limits = {"title": 256, "description": 4096}
    for key, limit in limits.items():
        value = embed.get(key)
        if value is not None and len(str(value)) > limit:
            errors.append(f"embeds.{i}.{key}: longer than {limit}")
    fields = embed.get("fields") or []
    if len(fields) > 25:
        errors.append(f"embeds.{i}.fields: more than 25")
    for j, f in enumerate(fields):
        if len(str(f.get("name", ""))) > 256:
            errors.append(f"embeds.{i}.fields.{j}.name: longer than 256")
        if len(str(f.get("value", ""))) > 1024:
            errors.append(f"embeds.{i}.fields.{j}.value: longer than 1024")
        if not str(f.get("name", "")) or not str(f.get("value", "")):
            errors.append(f"embeds.{i}.fields.{j}: name and value must not be empty")
    footer = (embed.get("footer") or {}).get("text")
    if footer is not None and len(str(footer)) > 2048:
        errors.append(f"embeds.{i}.footer.text: longer than 2048")
    author = (embed.get("author") or {}).get("name")
    if author is not None and len(str(author)) > 256:
        errors.append(f"embeds.{i}.author.name: longer than 256")
    return errors


def _component_errors(rows: list[dict[str, Any]]) -> list[str]:
    errors = []
    if len(rows) > 5:
        errors.append(f"components: {len(rows)} action rows, the limit is 5")
    for i, row in enumerate(rows):
        if row.get("type") != 1:
            # Components v2 layouts are not modelled; only check custom ids inside.
            errors.extend(_item_errors(f"components.{i}", row))
            continue
        items = row.get("components") or []
        if not items:
            errors.append(f"components.{i}: an action row must hold at least one component")
        buttons = [c for c in items if c.get("type") == 2]
        selects = [c for c in items if c.get("type") in (3, 5, 6, 7, 8)]
        if len(buttons) > 5:
            errors.append(f"components.{i}: {len(buttons)} buttons, the limit is 5")
        if selects and len(items) > 1:
            errors.append(f"components.{i}: a select menu must be alone in its row")
        for j, item in enumerate(items):
            errors.extend(_item_errors(f"components.{i}.components.{j}", item))
    return errors


def _item_errors(where: str, item: dict[str, Any]) -> list[str]:
    errors = []
    custom_id = item.get("custom_id")
    if custom_id is not None and len(str(custom_id)) > 100:
        errors.append(f"{where}.custom_id: longer than 100")
    if item.get("type") == 2:
        if item.get("style") != 5 and not custom_id and item.get("style") != 6:
            errors.append(f"{where}: a button needs a custom_id")
        label = item.get("label")
        if label is not None and len(str(label)) > 80:
            errors.append(f"{where}.label: longer than 80")
    if item.get("type") == 3:
        options = item.get("options") or []
        if not 1 <= len(options) <= 25:
            errors.append(f"{where}.options: {len(options)} options, must be 1 to 25")
        for k, opt in enumerate(options):
            if len(str(opt.get("label", ""))) > 100 or not opt.get("label"):
                errors.append(f"{where}.options.{k}.label: must be 1 to 100 characters")
            if len(str(opt.get("value", ""))) > 100:
                errors.append(f"{where}.options.{k}.value: longer than 100")
        if len(str(item.get("placeholder") or "")) > 150:
            errors.append(f"{where}.placeholder: longer than 150")
    for k, sub in enumerate(item.get("components") or []):
        errors.extend(_item_errors(f"{where}.components.{k}", sub))
    return errors


def choices_errors(choices: list[dict[str, Any]]) -> list[str]:
    errors = []
    if len(choices) > 25:
        errors.append(f"choices: {len(choices)} choices, the limit is 25")
    for i, c in enumerate(choices):
        if not 1 <= len(str(c.get("name", ""))) <= 100:
            errors.append(f"choices.{i}.name: must be 1 to 100 characters")
    return errors
