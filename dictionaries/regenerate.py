#!/usr/bin/env python3
"""Regenerate the shipped word lists in this folder.

Inputs (both fetched through ordinary package managers, never at build time):
  * SCOWL, from the Debian package `scowl` (`apt-get install scowl`):
    the `english-words.N` and `american-words.N` lists for N up to 70.
  * the `cuss` package from the npm registry (MIT licence), version pinned below:
    a map of English profane words to a rating of sureness (0, 1 or 2).

Outputs (committed, so that a build needs no network):
  * words.txt      one `word<TAB>tier` a line, sorted; tier = the smallest SCOWL
                   size (10, 20, 35, 40, 50, 55, 60, 70) that lists the word.
                   Only words made of the letters a-z are kept, so proper
                   names, abbreviations and contractions drop out.
  * blocklist.txt  one word a line: every single a-z word that `cuss` rates 2
                   ("most likely profane"). Ratings 0 and 1 hold ordinary words
                   such as "abuse" or "angry" and are not blocked.
  * SCOWL-COPYRIGHT and BLOCKLIST-LICENSE, copied from the two packages.

Run from anywhere: python3 dictionaries/regenerate.py
"""
import json
import pathlib
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile

HERE = pathlib.Path(__file__).resolve().parent
SCOWL = pathlib.Path("/usr/share/dict/scowl")
SCOWL_COPYRIGHT = pathlib.Path("/usr/share/doc/scowl/copyright")
SIZES = [10, 20, 35, 40, 50, 55, 60, 70]
CUSS = "cuss@2.2.0"
WORD = re.compile(r"^[a-z]+$")


def scowl_words():
    if not SCOWL.is_dir():
        sys.exit("SCOWL is not installed: run `apt-get install scowl` first")
    tiers = {}
    for size in SIZES:
        for lang in ("english", "american"):
            path = SCOWL / f"{lang}-words.{size}"
            for raw in path.read_bytes().decode("utf-8", "replace").splitlines():
                word = raw.strip()
                if WORD.match(word) and word not in tiers:
                    tiers[word] = size
    return tiers


def cuss_blocklist():
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(["npm", "pack", CUSS, "--silent"], cwd=tmp, check=True,
                       stdout=subprocess.DEVNULL)
        tgz = next(pathlib.Path(tmp).glob("cuss-*.tgz"))
        with tarfile.open(tgz) as tar:
            tar.extractall(tmp, filter="data")
        pkg = pathlib.Path(tmp) / "package"
        source = (pkg / "index.js").read_text()
        licence = (pkg / "license").read_text()
    body = source[source.index("= {") + 2: source.rindex("}") + 1]
    # The module is a JS object literal: quote the bare keys, swap quotes.
    body = re.sub(r"^\s*([A-Za-z0-9_]+):", r'"\1":', body, flags=re.M)
    body = re.sub(r"^\s*'([^']*)':", r'"\1":', body, flags=re.M)
    body = re.sub(r",\s*}", "}", body)
    ratings = json.loads(body)
    blocked = sorted(w for w, r in ratings.items() if r >= 2 and WORD.match(w))
    return blocked, licence


def main():
    tiers = scowl_words()
    with open(HERE / "words.txt", "w") as out:
        for word in sorted(tiers):
            out.write(f"{word}\t{tiers[word]}\n")
    shutil.copyfile(SCOWL_COPYRIGHT, HERE / "SCOWL-COPYRIGHT")
    blocked, licence = cuss_blocklist()
    (HERE / "blocklist.txt").write_text("".join(w + "\n" for w in blocked))
    (HERE / "BLOCKLIST-LICENSE").write_text(
        f"blocklist.txt is derived from the npm package {CUSS}\n"
        "(words rated 2, 'most likely profane'), under this licence:\n\n" + licence)
    print(f"{len(tiers)} words, {len(blocked)} blocked")


if __name__ == "__main__":
    main()
