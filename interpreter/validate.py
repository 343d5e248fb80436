"""Compiled JSON is checked before the engine sees it: a refusal is one sentence naming the
JSON path at fault, never a traceback, and nothing accepted can make the engine crash, allocate
without bound or run for minutes.

The checks are generic. The shape of the JSON comes from the IR classes' type hints (integers,
strings, booleans, arrays for tuples, objects for attrs classes, a ``type`` tag for unions of
classes); what a valid value is comes from each field's metadata (:mod:`.constraints`):
vocabularies, kinds of declared names, bounds, lengths, uniqueness. No class is named here, so a
field added to the IR with its metadata is checked without more code. Rules that span several
fields (an effect's timing, expressions in their context, the tables a rule set seats) are in
:mod:`.consistency`.

The check runs in three steps: the JSON data (types, keys, vocabularies, bounds; names declared
and names referred to are collected on the way), then the references, then, on the structured
rule set, the rules that span fields.

Nothing here knows an IR: a :class:`Model` is made from an IR's root class (the classes reachable
from it and the module that defines them) and the compiled format version it reads. The JSON
Schema of a model (:func:`json_schema`) is generated from the same plans.
"""

from __future__ import annotations

import difflib
import inspect
import sys
import types
import typing
import unicodedata
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any, Optional, Union

import attrs

from wonderrules.interpreter.constraints import field_spec, item_spec
from wonderrules.interpreter.files import json_path
from wonderrules.interpreter.words import MAX_NESTING

__all__ = ["CompiledRulesError", "NestingError", "check_data", "Names", "quote", "printable", "escaped_char",
           "unprintable", "shape_of", "class_plans", "ClassPlan", "FieldPlan", "Shape", "Model", "model_of", "objects",
           "json_schema"]

#: how many known names a message lists before it says how many more there are
_LISTED = 12


class CompiledRulesError(ValueError):
    """A compiled rule set was refused. `path` is where in the JSON (``cards[3].hooks[0].timing``;
    empty for the document as a whole) and `message` what is wrong there, as a sentence."""

    def __init__(self, path: str, message: str) -> None:
        self.path = path
        self.message = message
        super().__init__(f"{path or 'the rule set'}: {message}")


def escaped_char(ch: str) -> str:
    """How a character of a rule set is shown: itself, or an escape for control and format
    characters (a terminal must never act on text from a rule set)."""
    if ch.isprintable() or ch == " ":
        return ch
    code = ord(ch)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def printable(text: str) -> str:
    """`text` with control and format characters escaped (``\\x1b``), for printing literally."""
    if text.isprintable():
        return text
    return "".join(escaped_char(c) for c in text)


class NestingError(CompiledRulesError):
    """The JSON nests deeper than the loader reads (expressions or steps within one another)."""


def quote(value: object) -> str:
    """A value as messages show it: strings quoted and cut short, control characters escaped."""
    if isinstance(value, str):
        text = value if len(value) <= 60 else value[:57] + "..."
        return "'" + printable(text) + "'"
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    return str(value)


def unprintable(value: str) -> str:
    """Why a string that holds a character that is not printed is refused (names and titles are
    shown, logged and compared: a line break or a control character in one is never meant)."""
    found = next(c for c in value if not c.isprintable())
    return (f"{quote(value)} holds U+{ord(found):04X}, a character that is not printed (a control "
            "character, a line break or an invisible mark): names and texts hold printable characters only")


def _found(value: object) -> str:
    if isinstance(value, bool):
        return quote(value)
    if isinstance(value, str):
        return f"the string {quote(value)}"
    if isinstance(value, float):
        return f"the number {value!r}"
    if isinstance(value, int):
        return f"the integer {value}"
    if isinstance(value, (list, tuple)):
        return "an array"
    if isinstance(value, dict):
        return "an object"
    return quote(value)


def _listing(words: list[str]) -> str:
    if not words:
        return "none"
    shown = ", ".join(words[:_LISTED])
    return shown + (f" and {len(words) - _LISTED} more" if len(words) > _LISTED else "")


# ---- shapes: what the JSON of each type looks like ------------------------------------------------

Shape = tuple[Any, ...]  # ("int",) ("str",) ("bool",) ("optional", s) ("array", s) ("fixed", (s, ...))
#              ("object", cls) ("tagged", {tag: cls})


def shape_of(tp: Any) -> Shape:
    """The JSON shape of a type hint of the IR."""
    if tp is int:
        return ("int",)
    if tp is str:
        return ("str",)
    if tp is bool:
        return ("bool",)
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin is Union or origin is types.UnionType:
        present = tuple(a for a in args if a is not type(None))
        inner = shape_of(present[0]) if len(present) == 1 else ("tagged", {a.__name__: a for a in present})
        return ("optional", inner) if len(present) < len(args) else inner
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return ("array", shape_of(args[0]))
        return ("fixed", tuple(shape_of(a) for a in args))
    if attrs.has(tp):
        return ("object", tp)
    raise TypeError(f"no JSON shape for {tp!r}")


@attrs.frozen
class FieldPlan:
    name: str
    shape: Shape
    spec: Mapping[str, Any]
    required: bool
    default: Any


@attrs.frozen
class ClassPlan:
    cls: type
    fields: tuple[FieldPlan, ...]
    keys: frozenset[str]
    tagged: bool


def class_plans(root: type) -> dict[type, ClassPlan]:
    """The plan of every class reachable from `root` (type hints are read in the module that
    defines it): its fields with their shapes and specs."""
    namespace = vars(sys.modules[root.__module__])
    plans: dict[type, ClassPlan] = {}
    tagged: set[type] = set()

    def visit(shape: Shape) -> None:
        kind = shape[0]
        if kind in ("optional", "array"):
            visit(shape[1])
        elif kind == "fixed":
            for part in shape[1]:
                visit(part)
        elif kind == "tagged":
            tagged.update(shape[1].values())
            for cls in shape[1].values():
                visit(("object", cls))
        elif kind == "object" and shape[1] not in plans:
            cls = shape[1]
            hints = typing.get_type_hints(cls, namespace)
            fields = tuple(FieldPlan(f.name, shape_of(hints[f.name]), field_spec(f), f.default is attrs.NOTHING,
                                     f.default) for f in attrs.fields(cls))
            plans[cls] = ClassPlan(cls, fields, frozenset(f.name for f in fields), False)
            for f in fields:
                visit(f.shape)

    visit(("object", root))
    return {cls: attrs.evolve(plan, tagged=cls in tagged) for cls, plan in plans.items()}


def _holds_objects(shape: Shape) -> bool:
    kind = shape[0]
    if kind in ("optional", "array"):
        return _holds_objects(shape[1])
    if kind == "fixed":
        return any(_holds_objects(part) for part in shape[1])
    return kind in ("object", "tagged")


@attrs.frozen
class Model:
    """An IR as the checks read it: its root class, the compiled format version it reads, the plan
    of every class reachable from the root, and for each class the fields that may hold IR
    objects with the expression context their metadata gives (see :func:`objects`)."""

    root: type
    format_version: int
    plans: Mapping[type, ClassPlan]
    by_name: Mapping[str, ClassPlan]
    object_fields: Mapping[type, tuple[tuple[str, Optional[str]], ...]]
    max_nesting: int = MAX_NESTING


def model_of(root: type, format_version: int, max_nesting: int = MAX_NESTING) -> Model:
    """The model of the IR whose compiled rule set is an instance of `root`."""
    plans = class_plans(root)
    return Model(
        root, format_version, types.MappingProxyType(plans),
        types.MappingProxyType({cls.__name__: p for cls, p in plans.items()}),
        types.MappingProxyType({cls: tuple((f.name, f.spec.get("expression")) for f in plan.fields
                                           if _holds_objects(f.shape)) for cls, plan in plans.items()}),
        max_nesting)


def objects(value: Any, model: Model, path: str = "", context: Optional[str] = None
            ) -> Iterator[tuple[str, Any, Optional[str]]]:
    """Every IR object in `value` with its JSON path and the expression context it stands in
    (from the `expression` metadata of the field that holds it, passed on to what it holds)."""
    if isinstance(value, tuple):
        for i, item in enumerate(value):
            yield from objects(item, model, f"{path}[{i}]", context)
    elif attrs.has(type(value)):
        yield path, value, context
        for name, expression in model.object_fields[type(value)]:
            inner = f"{path}.{name}" if path else name
            yield from objects(getattr(value, name), model, inner, expression or context)


def data_of(value: Any, model: Model, shape: Optional[Shape] = None) -> Any:
    """The JSON data of an IR value (the rule set itself by default), as the loader reads it and
    the JSON converter writes it: an object as its fields, an object standing where the type is
    a union of classes tagged with its class's name (``type``), tuples as lists. The checks of
    :func:`check_data` read this data without the converter (the checker runs them on what it
    compiles: ``grammar/checks/loadable.py``)."""
    kind = (shape or ("object", model.root))[0]
    if kind in ("int", "str", "bool") or value is None:
        return value
    if kind == "optional":
        return data_of(value, model, shape[1])  # type: ignore[index]
    if kind == "array":
        inner = shape[1]  # type: ignore[index]
        return [data_of(item, model, inner) for item in value]
    if kind == "fixed":
        return [data_of(item, model, part) for item, part in zip(value, shape[1])]  # type: ignore[index]
    plan = model.plans[type(value)]
    out = {f.name: data_of(getattr(value, f.name), model, f.shape) for f in plan.fields}
    if kind == "tagged":
        out["type"] = type(value).__name__
    return out


def _join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


def _what(spec: Mapping[str, Any], path: str) -> str:
    if "what" in spec:
        return str(spec["what"])
    name = path.rsplit(".", 1)[-1].split("[", 1)[0]
    return name.removesuffix("s").replace("_", " ")


# ---- names ----------------------------------------------------------------------------------------

class Names:
    """The names a rule set declares, by kind, with the path of the first declaration."""

    def __init__(self) -> None:
        self.by_kind: dict[str, dict[str, str]] = {}

    def declare(self, kind: str, name: str, path: str, once: bool) -> None:
        names = self.by_kind.setdefault(kind, {})
        if name in names:
            if once:
                raise CompiledRulesError(path, f"{kind} {quote(name)} is declared twice (first at {names[name]})")
            return
        names[name] = path

    def known(self, kinds: str, name: str) -> bool:
        return any(name in self.by_kind.get(k, {}) for k in kinds.split("|"))

    def resolve(self, path: str, kinds: str, name: str, also: tuple[str, ...] = ()) -> None:
        """CompiledRulesError unless `name` is declared as one of `kinds` (joined by `|`) or is in `also`."""
        if name in also or self.known(kinds, name):
            return
        words = [n for k in kinds.split("|") for n in self.by_kind.get(k, {})] + [w for w in also if w]
        kind_words = " or ".join(kinds.split("|"))
        raise CompiledRulesError(path, f"unknown {kind_words} {quote(name)} (known: {_listing(words)})"
                                       f"{_suggestion(name, words)}")


def _suggestion(name: str, words: list[str]) -> str:
    """`; did you mean 'Temple'?` for a known name close to `name`, with the character that tells
    them apart when the eye cannot see it (a letter of another script, a space, a mark)."""
    found = difflib.get_close_matches(name, words, n=1, cutoff=0.6)
    if not found:
        return ""
    near = found[0]
    at = next((i for i, (a, b) in enumerate(zip(name, near)) if a != b), min(len(name), len(near)))
    given, theirs = name[at:at + 1], near[at:at + 1]
    if all(c.isascii() and c.isalnum() for c in (given, theirs) if c):
        return f"; did you mean {quote(near)}?"
    return (f"; did you mean {quote(near)}? ({quote(name)} has {_character(given)} at character {at + 1} where "
            f"{quote(near)} {'has ' + _character(theirs) if theirs else 'ends'})")


def _character(ch: str) -> str:
    """A character as a message names it: itself when plain ASCII, else its code and name."""
    if not ch:
        return "nothing"
    if ch.isascii() and ch.isalnum():
        return f"'{ch}'"
    return f"U+{ord(ch):04X} {unicodedata.name(ch, 'a character without a name')}"


# ---- the JSON data ----------------------------------------------------------------------------------

def check_data(data: object, model: Model,
               implicit: Optional[Callable[[dict[str, Any]], Iterable[tuple[str, str, str]]]] = None) -> Names:
    """Check compiled JSON data against the IR of a model; returns the names it declares.
    `implicit`: names the data declares without a field that says so (kind, name, path), given
    the data once its shape is checked."""
    if type(data) is not dict:
        raise CompiledRulesError("", f"a compiled rule set is a JSON object, not {_found(data)}")
    expected = model.format_version
    version = data.get("format", expected)
    if type(version) is not int or version != expected:
        raise CompiledRulesError("format", f"this is format {quote(version)}; this version of wonder-rules reads "
                                           f"compiled rule sets of format {expected} (compile the rule set "
                                           "again with this version's `wr compile`)")
    walk = _Walk(model)
    walk.instance(data, model.root, "", 0, False)
    if implicit is not None:
        for kind, name, path in implicit(data):
            walk.names.declare(kind, name, path, False)
    for path, kinds, name, also in walk.references:
        walk.names.resolve(path, kinds, name, also)
    return walk.names


class _Walk:
    def __init__(self, model: Model) -> None:
        self.model = model
        self.names = Names()
        #: (path, kinds, name, also words): checked once every declaration is known
        self.references: list[tuple[str, str, str, tuple[str, ...]]] = []

    def value(self, value: object, shape: Shape, spec: Mapping[str, Any], path: str, depth: int) -> None:
        if depth > self.model.max_nesting:
            raise NestingError(path, f"the data nests deeper than {self.model.max_nesting} levels")
        kind = shape[0]
        if kind == "optional":
            if value is not None:
                self.value(value, shape[1], spec, path, depth)
        elif kind == "int":
            if type(value) is not int:
                raise CompiledRulesError(path, f"expected an integer, found {_found(value)}")
            self.integer(value, spec, path)
        elif kind == "str":
            if type(value) is not str:
                raise CompiledRulesError(path, f"expected a string, found {_found(value)}")
            self.string(value, spec, path)
        elif kind == "bool":
            if type(value) is not bool:
                raise CompiledRulesError(path, f"expected true or false, found {_found(value)}")
        elif kind in ("array", "fixed"):
            self.array(value, shape, spec, path, depth)
        elif kind == "object":
            self.instance(value, shape[1], path, depth, False)
        else:
            self.tagged(value, shape[1], path, depth)

    def integer(self, value: int, spec: Mapping[str, Any], path: str) -> None:
        if "enum" in spec and value not in spec["enum"]:
            known = ", ".join(str(v) for v in spec["enum"])
            raise CompiledRulesError(path, f"unknown {_what(spec, path)} {value} (known: {known})")
        low, high = spec.get("min"), spec.get("max")
        if low is not None and value < low:
            raise CompiledRulesError(path, f"{value} is too small (at least {low})")
        if high is not None and value > high:
            raise CompiledRulesError(path, f"{value} is too large (at most {high})")

    def string(self, value: str, spec: Mapping[str, Any], path: str) -> None:
        if not value.isprintable():
            raise CompiledRulesError(path, unprintable(value))
        if "enum" in spec and value not in spec["enum"]:
            known = ", ".join(spec["enum"])
            raise CompiledRulesError(path, f"unknown {_what(spec, path)} {quote(value)} (known: {known})")
        if "declares" in spec:
            self.names.declare(spec["declares"], value, path, spec.get("once", False))
        refers = spec.get("refers_to")
        if isinstance(refers, str):
            self.references.append((path, refers, value, tuple(spec.get("also", ()))))

    def array(self, value: object, shape: Shape, spec: Mapping[str, Any], path: str, depth: int) -> None:
        if not isinstance(value, (list, tuple)):  # a tuple: data unstructured in Python, not read from JSON
            raise CompiledRulesError(path, f"expected an array, found {_found(value)}")
        if shape[0] == "fixed":
            parts: Sequence[Mapping[str, Any]] = spec.get("parts") or ({},) * len(shape[1])
            if len(value) != len(shape[1]):
                raise CompiledRulesError(path, f"expected an array of {len(shape[1])} items, found {len(value)}")
            for i, (item, part, part_spec) in enumerate(zip(value, shape[1], parts)):
                self.value(item, part, part_spec, f"{path}[{i}]", depth + 1)
            return
        low, high = spec.get("min_items"), spec.get("max_items")
        if low is not None and len(value) < low:
            raise CompiledRulesError(path, f"holds {len(value)} items; at least {low} are needed")
        if high is not None and len(value) > high:
            raise CompiledRulesError(path, f"holds {len(value)} items; at most {high} are allowed")
        each = item_spec(spec)
        for i, item in enumerate(value):
            self.value(item, shape[1], each, f"{path}[{i}]", depth + 1)
        if spec.get("unique"):
            _unique(path, value, _hashable, lambda item, first: f"{quote(_hashable(item))} is listed twice "
                                                                f"(first at {first})")
        by = spec.get("unique_by")
        if by:
            _unique(path, value, lambda item: tuple(item.get(k) for k in by),
                    lambda item, first: f"the same {' and '.join(by)} as {first} ("
                                        + ", ".join(quote(item.get(k)) for k in by) + ")")

    def instance(self, value: object, cls: type, path: str, depth: int, tagged: bool) -> None:
        """An object of an IR class (`tagged`: it may carry its `type` tag). An unknown or a
        missing key is refused at the object, or at the key itself on the top level (the
        document has no path of its own)."""
        if type(value) is not dict:
            raise CompiledRulesError(path, f"expected an object, found {_found(value)}")
        plan = self.model.by_name[cls.__name__]
        for key in value:
            if key not in plan.keys and not (tagged and key == "type"):
                known = ", ".join(f.name for f in plan.fields) or "none"
                raise CompiledRulesError(path or json_path((key,)), f"unknown key {quote(key)} (known: {known})")
        for f in plan.fields:
            if f.name in value:
                self.value(value[f.name], f.shape, f.spec, _join(path, f.name), depth + 1)
            elif f.required:
                raise CompiledRulesError(path or f.name, f"missing key {quote(f.name)}")
        for f in plan.fields:
            refers = f.spec.get("refers_to")
            if isinstance(refers, Mapping) and f.name in value:
                self.depending(value, plan, f, refers, path)

    def depending(self, value: dict[str, Any], plan: ClassPlan, f: FieldPlan, refers: Mapping[str, Any],
                  path: str) -> None:
        """References whose kind depends on a sibling field (`refers_to: {sibling: {value: kinds}}`)."""
        ((sibling, kinds_by_value),) = refers.items()
        default = next(g.default for g in plan.fields if g.name == sibling)
        chosen = value.get(sibling, default)
        kinds = kinds_by_value.get(chosen, "")
        here = _join(path, f.name)
        also = tuple(f.spec.get("also", ()))
        for sub, name in _strings(value[f.name], here):
            if name in also:
                continue
            if not kinds:
                raise CompiledRulesError(sub, f"names nothing when {sibling} is {quote(chosen)}")
            self.references.append((sub, kinds, name, also))

    def tagged(self, value: object, classes: Mapping[str, type], path: str, depth: int) -> None:
        if type(value) is not dict:
            raise CompiledRulesError(path, f"expected an object, found {_found(value)}")
        known = ", ".join(classes)
        if "type" not in value:
            raise CompiledRulesError(path, f"missing key 'type' (one of: {known})")
        tag = value["type"]
        if type(tag) is not str:
            raise CompiledRulesError(_join(path, "type"), f"expected a string, found {_found(tag)}")
        if tag not in classes:
            raise CompiledRulesError(_join(path, "type"), f"unknown type {quote(tag)} (known: {known})")
        self.instance(value, classes[tag], path, depth, True)


def _strings(value: object, path: str) -> Iterator[tuple[str, str]]:
    if isinstance(value, str):
        yield path, value
    elif isinstance(value, (list, tuple)):
        for i, item in enumerate(value):
            yield from _strings(item, f"{path}[{i}]")


def _hashable(value: object) -> object:
    return tuple(_hashable(v) for v in value) if isinstance(value, (list, tuple)) else value


def _unique(path: str, items: Sequence[Any], key: Callable[[Any], object],
            describe: Callable[[Any, str], str]) -> None:
    seen: dict[object, int] = {}
    for i, item in enumerate(items):
        k = key(item)
        if k in seen:
            raise CompiledRulesError(f"{path}[{i}]", describe(item, f"{path}[{seen[k]}]"))
        seen[k] = i


# ---- the JSON Schema of a model --------------------------------------------------------------------

def _describe(spec: Mapping[str, Any]) -> str:
    doc: str = spec.get("doc", "")
    refers = spec.get("refers_to")
    if isinstance(refers, str):
        kinds = " or ".join(refers.split("|"))
        doc += f" {'An' if kinds[:1] in ('a', 'e', 'i', 'o', 'u') else 'A'} {kinds} name."
        words = [w for w in spec.get("also", ()) if w]
        if words:
            doc += " Also: " + ", ".join(words) + "."
    if "declares" in spec:
        kind = spec["declares"]
        doc += f" Declares {'an' if kind[:1] in ('a', 'e', 'i', 'o', 'u') else 'a'} {kind} name."
    return doc


#: a string of printable characters, as a JSON Schema pattern (the C0 and C1 controls and the line
#: and paragraph separators; the loader also refuses the other characters that are not printed)
_PRINTABLE = "^[^\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029]*$"


def _schema_for(shape: Shape, spec: Mapping[str, Any], defs: dict[str, dict[str, Any]],
                plans: Mapping[type, ClassPlan]) -> dict[str, Any]:
    kind = shape[0]
    if kind == "optional":
        return {"anyOf": [_schema_for(shape[1], spec, defs, plans), {"type": "null"}]}
    if kind in ("int", "str", "bool"):
        out: dict[str, Any] = {"type": {"int": "integer", "str": "string", "bool": "boolean"}[kind]}
        if "enum" in spec:
            out["enum"] = list(spec["enum"])
        elif kind == "str":
            out["pattern"] = _PRINTABLE
        if kind == "int" and "min" in spec:
            out["minimum"] = spec["min"]
        if kind == "int" and "max" in spec:
            out["maximum"] = spec["max"]
        return out
    if kind == "fixed":
        parts: Sequence[Mapping[str, Any]] = spec.get("parts") or ({},) * len(shape[1])
        return {"type": "array", "prefixItems": [_schema_for(a, p, defs, plans) for a, p in zip(shape[1], parts)],
                "minItems": len(shape[1]), "maxItems": len(shape[1])}
    if kind == "array":
        out = {"type": "array", "items": _schema_for(shape[1], item_spec(spec), defs, plans)}
        for key, word in (("min_items", "minItems"), ("max_items", "maxItems")):
            if key in spec:
                out[word] = spec[key]
        if spec.get("unique"):
            out["uniqueItems"] = True
        return out
    if kind == "tagged":
        return {"anyOf": [_schema_for(("object", cls), {}, defs, plans) for cls in shape[1].values()]}
    plan = plans[shape[1]]
    name = plan.cls.__name__
    if name not in defs:
        defs[name] = {}  # placeholder against recursion
        props = {}
        for f in plan.fields:
            props[f.name] = {**_schema_for(f.shape, f.spec, defs, plans), "description": _describe(f.spec)}
        required = [f.name for f in plan.fields if f.required]
        if plan.tagged:
            props["type"] = {"const": name}
            required.append("type")
        body: dict[str, Any] = {"type": "object", "properties": props, "required": required,
                                "additionalProperties": False}
        if plan.cls.__doc__:
            body = {"description": inspect.cleandoc(plan.cls.__doc__), **body}
        defs[name] = body
    return {"$ref": f"#/$defs/{name}"}


def json_schema(model: Model, title: str, schema_id: str) -> dict[str, Any]:
    """The JSON Schema of a model's compiled rule sets, generated from its classes and the
    metadata of their fields: types, vocabularies (enum), bounds, lengths and descriptions. What
    it cannot say (that a name is declared, rules between fields) the loader checks."""
    defs: dict[str, dict[str, Any]] = {}
    root = _schema_for(("object", model.root), {}, defs, model.plans)
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": schema_id,
        "title": title,
        **root,
        "$defs": defs,
    }
