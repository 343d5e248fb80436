"""Records in a file: CSV, JSON lines and Parquet by suffix, read back equal to what was written,
whole rows only after a stopped run, a file complete at every moment, CSV cells that a spreadsheet
reads as text, and clear refusals."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import attrs
import pytest

import wonderrules as wr
from wonderrules.workbench.records import RecordsError, column_names, open_writer, read_records, record_format
from wonderrules.workbench.simulation import SeatRecord, make_plan, play

BASE = wr.load_rules("base")
COLUMNS = [c.name for c in BASE.categories]


@pytest.fixture(scope="module")
def records() -> list[SeatRecord]:
    return play(make_plan(BASE, 3, (), ("random",), 4, 3), rules=BASE).records()


@pytest.mark.parametrize("suffix", [".csv", ".jsonl", ".parquet"])
def test_records_read_back_equal_to_those_written(tmp_path: Path, records: list[SeatRecord], suffix: str) -> None:
    path = str(tmp_path / f"games{suffix}")
    writer = open_writer(path, COLUMNS)
    writer.write(records[:3])
    writer.write(records[3:])
    writer.close()
    assert read_records(path) == records


def test_a_csv_file_has_one_row_per_seat_with_the_rule_sets_columns(tmp_path: Path,
                                                                    records: list[SeatRecord]) -> None:
    path = tmp_path / "games.csv"
    writer = open_writer(str(path), COLUMNS)
    writer.write(records)
    writer.close()
    rows = list(csv.DictReader(path.open(encoding="utf-8")))
    assert list(rows[0]) == ["game", "seed", "rules", "players", "options", "seat", "board", "side", "agent",
                             *COLUMNS, "total", "rank", "winner", "built", "seen", "decisions", "rounds"]
    first = records[0]
    assert rows[0]["built"] == ";".join(first.built) and rows[0]["seen"].split(";") == list(first.seen)
    assert rows[0]["military"] == str(dict(first.scores)["military"]) and rows[0]["board"] == first.board
    assert len(rows) == 9


def test_a_json_lines_file_has_lists_as_lists(tmp_path: Path, records: list[SeatRecord]) -> None:
    path = tmp_path / "games.jsonl"
    writer = open_writer(str(path), COLUMNS)
    writer.write(records)
    writer.close()
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    assert rows[4]["built"] == list(records[4].built) and rows[4]["options"] == []
    assert rows[4]["winner"] == records[4].winner


def test_a_score_column_named_like_a_fixed_column_is_written_apart_and_read_back(tmp_path: Path,
                                                                                 records: list[SeatRecord]) -> None:
    renamed = [attrs.evolve(r, scores=(("rank", 3), ("seen", 1))) for r in records]
    assert column_names(["rank", "seen"])[9:11] == ["score rank", "score seen"]
    path = str(tmp_path / "games.csv")
    writer = open_writer(path, ["rank", "seen"])
    writer.write(renamed)
    writer.close()
    assert read_records(path) == renamed


def test_a_card_name_holding_the_csv_separator_is_refused_with_a_hint(tmp_path: Path,
                                                                      records: list[SeatRecord]) -> None:
    odd = attrs.evolve(records[0], built=("Odd; name",))
    writer = open_writer(str(tmp_path / "games.csv"), COLUMNS)
    with pytest.raises(RecordsError, match=r"the name 'Odd; name' holds a ';'.*JSON lines \(\.jsonl\) or Parquet"):
        writer.write([odd])
    writer.close()


@pytest.mark.parametrize(("name", "why"), [
    ("games.txt", "cannot tell the format of 'games.txt' from its suffix '.txt': name a .csv, .jsonl or .parquet file"),
    ("games", "cannot tell the format of 'games' without a suffix: name a .csv, .jsonl or .parquet file"),
])
def test_an_unknown_suffix_is_refused_with_the_known_ones(name: str, why: str) -> None:
    with pytest.raises(RecordsError) as caught:
        record_format(name)
    assert str(caught.value) == why


def test_a_stopped_run_leaves_whole_rows_of_the_games_it_finished(tmp_path: Path) -> None:
    plan = make_plan(BASE, 3, (), ("random",), 0, 20)
    path = str(tmp_path / "games.csv")
    writer = open_writer(path, COLUMNS)
    handed = []

    def write(chunk) -> None:
        writer.write([r for g in chunk.games for r in g.seats])
        handed.append(chunk)

    played = play(plan, rules=BASE, on_chunk=write, stop=lambda: len(handed) == 4)
    writer.close()
    assert played.stopped
    assert read_records(path) == played.records() == play(make_plan(BASE, 3, (), ("random",), 0, 4),
                                                          rules=BASE).records()


@pytest.mark.parametrize(("text", "why"), [
    ('{"game": 1}\n', "games.jsonl: line 1: no column 'seed'"),
    ("[1]\n", "games.jsonl: line 1: not a JSON object"),
    ("{\n", "games.jsonl: line 1: not JSON (Expecting property name enclosed in double quotes)"),
])
def test_a_malformed_records_file_is_named_with_its_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str,
                                                         why: str) -> None:
    monkeypatch.chdir(tmp_path)
    Path("games.jsonl").write_text(text, encoding="utf-8")
    with pytest.raises(RecordsError) as caught:
        read_records("games.jsonl")
    assert str(caught.value) == why


def test_a_number_that_is_not_one_is_named_with_its_column(tmp_path: Path, records: list[SeatRecord]) -> None:
    path = tmp_path / "games.csv"
    writer = open_writer(str(path), COLUMNS)
    writer.write(records[:1])
    writer.close()
    rows = list(csv.reader(path.open(encoding="utf-8")))
    rows[1][rows[0].index("total")] = "lots"
    with path.open("w", encoding="utf-8", newline="") as file:
        csv.writer(file).writerows(rows)
    with pytest.raises(RecordsError) as caught:
        read_records(str(path))
    assert str(caught.value) == f"{path}: line 2: column 'total' is not a number: 'lots'"


# ---- a file complete at every moment ----------------------------------------------------------------

@pytest.mark.parametrize("suffix", [".csv", ".jsonl", ".parquet"])
def test_the_file_reads_whole_after_each_publication(tmp_path: Path, records: list[SeatRecord], suffix: str) -> None:
    path = str(tmp_path / f"games{suffix}")
    writer = open_writer(path, COLUMNS, every=0)
    for n in range(1, 4):
        writer.write(records[3 * (n - 1):3 * n])
        assert read_records(path) == records[:3 * n]  # while it is still being written
    writer.close()
    assert read_records(path) == records


def test_a_parquet_file_has_a_row_group_per_publication_and_reads_with_pyarrow(tmp_path: Path,
                                                                               records: list[SeatRecord]) -> None:
    import pyarrow.parquet as pq

    path = str(tmp_path / "games.parquet")
    writer = open_writer(path, COLUMNS, every=0)
    writer.write(records[:3])
    opened = pq.ParquetFile(path)  # a reader that opened the file before the next publications
    writer.write(records[3:5])
    writer.write(records[5:])
    writer.close()
    assert opened.read().num_rows == 3
    table = pq.read_table(path)
    assert pq.ParquetFile(path).metadata.num_row_groups == 3 and table.num_rows == 9
    assert table.column("board").to_pylist() == [r.board for r in records]
    assert table.column("built").to_pylist() == [list(r.built) for r in records]


def test_rows_wait_for_the_next_publication(tmp_path: Path, records: list[SeatRecord]) -> None:
    path = tmp_path / "games.csv"
    writer = open_writer(str(path), COLUMNS, every=3600)
    writer.write(records[:3])  # the first rows are published at once
    writer.write(records[3:])
    assert len(read_records(str(path))) == 3
    writer.close()
    assert read_records(str(path)) == records


def test_too_many_rows_waiting_are_published_at_once(tmp_path: Path, records: list[SeatRecord],
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    from wonderrules.workbench import records as records_module

    monkeypatch.setattr(records_module, "MOST_WAITING", 4)
    path = str(tmp_path / "games.parquet")
    writer = open_writer(path, COLUMNS, every=3600)
    for n in range(1, 10):
        writer.write(records[n - 1:n])
    assert len(read_records(path)) == 9  # published with the 1st, 5th and 9th rows
    writer.close()


@pytest.mark.parametrize("suffix", [".csv", ".parquet"])
def test_a_file_that_was_there_stays_until_rows_come_and_a_run_without_rows_leaves_it(
        tmp_path: Path, records: list[SeatRecord], suffix: str) -> None:
    path = tmp_path / f"games{suffix}"
    path.write_bytes(b"the records of an earlier run")
    writer = open_writer(str(path), COLUMNS)
    assert path.read_bytes() == b"the records of an earlier run"
    assert writer.close() is False
    assert path.read_bytes() == b"the records of an earlier run"
    assert sorted(p.name for p in tmp_path.iterdir()) == [path.name]


def test_a_run_without_rows_makes_an_empty_file_where_there_was_none(tmp_path: Path) -> None:
    path = tmp_path / "games.csv"
    assert open_writer(str(path), COLUMNS).close() is True
    assert read_records(str(path)) == [] and path.read_text(encoding="utf-8").startswith("game,seed,")


# ---- CSV cells a spreadsheet would run ------------------------------------------------------------------

def test_a_csv_cell_that_looks_like_a_formula_is_written_as_text_and_read_back(tmp_path: Path,
                                                                               records: list[SeatRecord]) -> None:
    odd = [attrs.evolve(records[0], board='=HYPERLINK("http://x","y")', side="+A", agent="@agent",
                        built=("-1+1", "'quoted"), seen=("\tTab", "\rReturn"), options=("=o",),
                        scores=tuple((name, -3) for name, _ in records[0].scores), total=-21),
           attrs.evolve(records[1], board="'=already quoted", built=(), seen=("=a", "=b"))]
    path = tmp_path / "games.csv"
    writer = open_writer(str(path), COLUMNS)
    writer.write(odd)
    writer.close()
    assert read_records(str(path)) == odd
    rows = list(csv.DictReader(path.open(encoding="utf-8", newline="")))
    assert rows[0]["board"] == '\'=HYPERLINK("http://x","y")' and rows[0]["side"] == "'+A"
    assert rows[0]["agent"] == "'@agent" and rows[0]["built"] == "'-1+1;'quoted" and rows[0]["options"] == "'=o"
    assert rows[0]["seen"] == "'\tTab;\rReturn"
    assert rows[0]["total"] == "-21" and rows[0]["military"] == "-3"  # numbers stay numbers
    assert rows[1]["board"] == "''=already quoted" and rows[1]["built"] == "" and rows[1]["seen"] == "'=a;=b"
    assert all(not cell.startswith(("=", "+", "@", "\t", "\r")) for row in rows for cell in row.values())


def test_json_lines_and_parquet_keep_such_names_as_they_are(tmp_path: Path, records: list[SeatRecord]) -> None:
    odd = [attrs.evolve(records[0], board="=1+1", built=("@x",))]
    for suffix in (".jsonl", ".parquet"):
        path = str(tmp_path / f"games{suffix}")
        writer = open_writer(path, COLUMNS)
        writer.write(odd)
        writer.close()
        assert read_records(path) == odd
    assert json.loads((tmp_path / "games.jsonl").read_text(encoding="utf-8"))["board"] == "=1+1"
