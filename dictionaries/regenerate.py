#!/usr/bin/env python3
"""Regenerate the shipped word lists in this folder.

Regeneration runs by hand, never at build or test time; its outputs are
committed, so a build needs no network. To regenerate, as root on Debian 12
(or with sudo):

    apt-get update
    apt-get install -y scowl=2020.12.07-2 hunspell-en-us=1:2020.12.07-2 npm
    pip install lemminflect==0.2.3
    python3 dictionaries/regenerate.py      # from anywhere

The npm packages are fetched by the script with `npm pack` (no install). The
script refuses to run with other versions of the sources than those pinned
below, so the same inputs always give the same lists.

Inputs:
  * SCOWL, the Debian package `scowl`: the `english-words.N` and
    `american-words.N` lists for N up to 70.
  * hunspell's American dictionary, the Debian package `hunspell-en-us`
    (itself made from SCOWL): its affix rules give inflections of the words
    it knows, and the words it marks "!" (never suggested) are profane.
  * lemminflect (PyPI, MIT licence), whose tables of English inflections come
    from the NIH SPECIALIST Lexicon: plurals, verb forms (irregular ones too:
    shit, shat) and comparatives, each with its part of speech.
  * the npm package `cuss` (MIT licence): English words rated 0, 1 or 2 for
    how surely they are profane. Ratings 1 and 2 are candidates for blocking;
    rating 0 ("unlikely") is not.
  * the npm package `naughty-words` (CC BY 4.0), the English list of the
    "List of Dirty, Naughty, Obscene and Otherwise Bad Words" (LDNOOBW): it
    names common ones that `cuss` misses.
  * profane.txt (hand-kept, reviewed): profane words SCOWL lists that no
    published list names (derived words such as "bitchiness"), each with its
    reason.
  * allowed.txt (hand-kept, reviewed): the words those lists name that are
    ordinary words a child may play, each with its reason.

Outputs:
  * words.txt        one `word<TAB>tier` a line, sorted; tier = the smallest
                     SCOWL size (10, 20, 35, 40, 50, 55, 60, 70) that lists
                     the word. Only words SCOWL lists in lower case, made of
                     the letters a-z, are kept (no proper names or
                     contractions), and of those, letter plurals (cs, gs: a
                     letter and an s, which SCOWL also gives as c's) and
                     abbreviations (kb, lm, ln: words without a vowel) are
                     dropped; see `scowl_words`.
  * inflections.txt  one `form<TAB>lemma<TAB>tag` a line: the inflected forms
                     of the words of words.txt (see `inflections`), for
                     blocking here and for any rule about plurals.
  * blocklist.txt    one word a line: every word the lists and profane.txt
                     name, less allowed.txt, with every inflection of each
                     (from `inflections`), less the forms allowed.txt names.
  * SCOWL-COPYRIGHT, BLOCKLIST-LICENSE (cuss), NAUGHTY-WORDS-LICENSE,
    INFLECTIONS-LICENSE (lemminflect and hunspell-en-us), copied from the
    packages.
"""
import gzip
import json
import pathlib
import re
import subprocess
import sys
import tarfile
import tempfile

HERE = pathlib.Path(__file__).resolve().parent
SCOWL = pathlib.Path("/usr/share/dict/scowl")
SCOWL_COPYRIGHT = pathlib.Path("/usr/share/doc/scowl/copyright")
HUNSPELL = pathlib.Path("/usr/share/hunspell/en_US")
HUNSPELL_COPYRIGHT = pathlib.Path("/usr/share/doc/hunspell-en-us/copyright")
SIZES = [10, 20, 35, 40, 50, 55, 60, 70]
DEBIAN = {"scowl": "2020.12.07-2", "hunspell-en-us": "1:2020.12.07-2"}
LEMMINFLECT = "0.2.3"
CUSS = "cuss@2.2.0"
NAUGHTY = "naughty-words@1.2.0"
WORD = re.compile(r"^[a-z]+$")
VOWEL = re.compile(r"[aeiouy]")
# Two-letter words of a letter and an s that are words in their own right,
# not letter plurals.
NOT_LETTER_PLURALS = {"as", "is", "us"}
# Words SCOWL lists without a vowel that are words, not abbreviations:
# interjections and Welsh loans.
VOWELLESS_WORDS = {"brr", "crwth", "cwm", "cwms", "hmm", "nth", "psst", "pwn",
                   "pwns", "sh", "shh", "ssh"}
# Penn Treebank tags of the inflected forms kept (base forms are not).
TAGS = ("NNS", "VBZ", "VBD", "VBN", "VBG", "JJR", "JJS")


def check_versions():
    for pkg, want in DEBIAN.items():
        got = subprocess.run(["dpkg-query", "-W", "-f=${Version}", pkg],
                             capture_output=True, text=True).stdout
        if got != want:
            sys.exit(f"{pkg} {want} is needed (found {got or 'none'}): "
                     f"apt-get install -y {pkg}={want}")
    try:
        import lemminflect
    except ImportError:
        sys.exit(f"pip install lemminflect=={LEMMINFLECT}")
    if lemminflect.__version__ != LEMMINFLECT:
        sys.exit(f"lemminflect {LEMMINFLECT} is needed "
                 f"(found {lemminflect.__version__})")


def scowl_words():
    """SCOWL's lower-case a-z words with their tiers, less letter plurals
    and abbreviations. SCOWL's word lists (not only its abbreviation lists)
    hold "cs" (the plural of the letter c, which it also gives as "c's") and
    unit symbols such as "kb", "lm", "lx": a two-letter word of a letter and
    an s is a letter plural unless it is as, is or us, and a word of two or
    more letters with no vowel (a e i o u y) is an abbreviation unless it is
    one of VOWELLESS_WORDS. Returns the tiers and the words dropped."""
    tiers = {}
    for size in SIZES:
        for lang in ("english", "american"):
            path = SCOWL / f"{lang}-words.{size}"
            for raw in path.read_bytes().decode("utf-8", "replace").splitlines():
                word = raw.strip()
                if WORD.match(word) and word not in tiers:
                    tiers[word] = size
    dropped = {}
    for word in list(tiers):
        letter_plural = (len(word) == 2 and word[1] == "s"
                         and word not in NOT_LETTER_PLURALS)
        abbreviation = (len(word) >= 2 and not VOWEL.search(word)
                        and word not in VOWELLESS_WORDS)
        if letter_plural or abbreviation:
            dropped[word] = tiers.pop(word)
    return tiers, dropped


def hunspell_dic():
    """hunspell's stems (lower case, a-z) with their affix flags."""
    stems = {}
    lines = (HUNSPELL.with_suffix(".dic")).read_text("utf-8").splitlines()[1:]
    for line in lines:
        stem, _, flags = line.partition("/")
        if WORD.match(stem):
            stems[stem] = stems.get(stem, "") + flags
    return stems


def hunspell_suffixes():
    """The suffix rules of the flags that inflect: S (plural or third
    person), D (past), G (-ing), R and T (comparative and superlative: R
    alone makes an agent noun, which is a new word, not an inflection)."""
    rules = {}
    for line in (HUNSPELL.with_suffix(".aff")).read_text("utf-8").splitlines():
        parts = line.split()
        if len(parts) >= 5 and parts[0] == "SFX" and parts[1] in "SDGRT":
            flag, strip, add, cond = parts[1], parts[2], parts[3], parts[4]
            strip = "" if strip == "0" else strip
            add = "" if add == "0" else add.split("/")[0]
            rules.setdefault(flag, []).append((strip, add, re.compile(cond + "$")))
    return rules


HUNSPELL_TAGS = {"S": "NNS|VBZ", "D": "VBD|VBN", "G": "VBG", "R": "JJR",
                 "T": "JJS"}


def inflections(lemmas):
    """The one source of English inflections: (form, lemma, tag) for every
    inflected form of each of `lemmas`. lemminflect's tables (from the NIH
    SPECIALIST Lexicon) give each form's part of speech (NNS plural noun,
    VBZ third person, VBD past, VBN past participle, VBG -ing, JJR and JJS
    comparative and superlative), irregular forms too; hunspell's affix
    rules add the forms of words lemminflect does not know, tagged with what
    the flag can mean ("NNS|VBZ": hunspell's S flag does not say which). A
    form equal to its lemma is kept for plurals and pasts (sheep, cut)."""
    import lemminflect
    out = set()
    for lemma in lemmas:
        for tag, forms in lemminflect.getAllInflections(lemma).items():
            if tag in TAGS:
                out.update((f, lemma, tag) for f in forms if WORD.match(f))
    known = {(f, l) for f, l, _ in out}
    stems, rules = hunspell_dic(), hunspell_suffixes()
    for lemma in lemmas:
        flags = stems.get(lemma, "")
        for flag in "SDGRT":
            if flag not in flags or (flag == "R" and "T" not in flags):
                continue
            for strip, add, cond in rules[flag]:
                if cond.search(lemma) and lemma.endswith(strip):
                    form = lemma[:len(lemma) - len(strip)] + add
                    if WORD.match(form) and (form, lemma) not in known:
                        out.add((form, lemma, HUNSPELL_TAGS[flag]))
    return out


def npm_package(spec, tmp):
    subprocess.run(["npm", "pack", spec, "--silent"], cwd=tmp, check=True,
                   stdout=subprocess.DEVNULL)
    name = spec.split("@")[0]
    tgz = next(pathlib.Path(tmp).glob(f"{name}-*.tgz"))
    dest = pathlib.Path(tmp) / name
    with tarfile.open(tgz) as tar:
        tar.extractall(dest, filter="data")
    return dest / "package"


def cuss_candidates(tmp):
    """Words `cuss` rates 1 or 2, and its licence."""
    pkg = npm_package(CUSS, tmp)
    source = (pkg / "index.js").read_text()
    body = source[source.index("= {") + 2: source.rindex("}") + 1]
    # The module is a JS object literal: quote the bare keys, swap quotes.
    body = re.sub(r"^\s*([A-Za-z0-9_]+):", r'"\1":', body, flags=re.M)
    body = re.sub(r"^\s*'([^']*)':", r'"\1":', body, flags=re.M)
    body = re.sub(r",\s*}", "}", body)
    ratings = json.loads(body)
    words = {w for w, r in ratings.items() if r >= 1 and WORD.match(w)}
    return words, (pkg / "license").read_text()


def naughty_candidates(tmp):
    """The single a-z words of naughty-words' English list, and its licence."""
    pkg = npm_package(NAUGHTY, tmp)
    words = json.loads((pkg / "en.json").read_text())
    return {w for w in words if WORD.match(w)}, (pkg / "LICENSE").read_text()


def hunspell_profane():
    """The words hunspell marks "!": never to be suggested."""
    return {stem for stem, flags in hunspell_dic().items() if "!" in flags}


def read_reviewed(name):
    """A hand-kept list (allowed.txt, profane.txt): `word  # reason` a line."""
    words = {}
    for n, line in enumerate((HERE / name).read_text().splitlines(), 1):
        text, _, reason = line.partition("#")
        word = text.strip()
        if not word:
            continue
        if not WORD.match(word) or not reason.strip():
            sys.exit(f"{name}:{n}: a line is a word a-z and # its reason")
        words[word] = reason.strip()
    return words


def main():
    check_versions()
    tiers, dropped = scowl_words()
    with tempfile.TemporaryDirectory() as tmp:
        cuss, cuss_licence = cuss_candidates(tmp)
        naughty, naughty_licence = naughty_candidates(tmp)
    listed = cuss | naughty | hunspell_profane() | set(read_reviewed("profane.txt"))
    allowed = read_reviewed("allowed.txt")

    table = inflections(sorted(set(tiers) | listed))
    forms_of = {}
    for form, lemma, _ in table:
        forms_of.setdefault(lemma, set()).add(form)
    lemmas = listed - set(allowed)
    blocked = set(lemmas)
    for lemma in lemmas:
        blocked |= forms_of.get(lemma, set())
    blocked -= set(allowed)

    with open(HERE / "words.txt", "w") as out:
        for word in sorted(tiers):
            out.write(f"{word}\t{tiers[word]}\n")
    with open(HERE / "inflections.txt", "w") as out:
        out.write("# form<TAB>lemma<TAB>tag, made by regenerate.py: see its docstring\n")
        for form, lemma, tag in sorted(table):
            if form in tiers and lemma in tiers:
                out.write(f"{form}\t{lemma}\t{tag}\n")
    (HERE / "blocklist.txt").write_text("".join(w + "\n" for w in sorted(blocked)))

    (HERE / "SCOWL-COPYRIGHT").write_text(SCOWL_COPYRIGHT.read_text())
    (HERE / "BLOCKLIST-LICENSE").write_text(
        f"blocklist.txt is derived in part from the npm package {CUSS}\n"
        "(words rated 1 or 2), under this licence:\n\n" + cuss_licence)
    (HERE / "NAUGHTY-WORDS-LICENSE").write_text(
        f"blocklist.txt is derived in part from the npm package {NAUGHTY}\n"
        "(its English list, from the List of Dirty, Naughty, Obscene and\n"
        "Otherwise Bad Words, https://github.com/LDNOOBW), under this licence:\n\n"
        + naughty_licence)
    import lemminflect
    licence = pathlib.Path(lemminflect.__file__).parent.parent / \
        f"lemminflect-{LEMMINFLECT}.dist-info" / "LICENSE"
    (HERE / "INFLECTIONS-LICENSE").write_text(
        "inflections.txt (and the inflections in blocklist.txt) come from\n"
        f"lemminflect {LEMMINFLECT} (its tables are derived from the NIH SPECIALIST\n"
        "Lexicon) under the first licence below, and from the affix rules of\n"
        f"Debian's hunspell-en-us {DEBIAN['hunspell-en-us']} (made from SCOWL) under the second.\n\n"
        "--- lemminflect ---\n\n" + licence.read_text() +
        "\n--- hunspell-en-us ---\n\n" + HUNSPELL_COPYRIGHT.read_text())

    in_dict = blocked & set(tiers)
    stale = sorted(w for w in allowed if w not in listed
                   and not any(w in forms_of.get(l, ()) for l in lemmas))
    unreviewed = sorted((listed & set(tiers)) - lemmas - set(allowed))
    print(f"{len(tiers)} words ({len(dropped)} letter plurals and abbreviations"
          f" dropped: {' '.join(sorted(dropped))})")
    print(f"{len(listed)} listed, {len(blocked)} blocked, {len(in_dict)} of them"
          f" in words.txt, {len(tiers) - len(in_dict)} legal;"
          f" {len(allowed)} allowed")
    if stale:
        print("allowed.txt names words no list blocks:", " ".join(stale))
    if unreviewed:
        print("listed words in words.txt neither blocked nor allowed:",
              " ".join(unreviewed))


if __name__ == "__main__":
    main()
