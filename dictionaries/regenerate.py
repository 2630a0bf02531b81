#!/usr/bin/env python3
"""Regenerate the shipped word lists in this folder.

Regeneration runs by hand, never at build or test time; its outputs are
committed, so a build needs no network. To regenerate, as root on Debian 12
(or with sudo):

    apt-get update
    apt-get install -y scowl=2020.12.07-2 hunspell-en-us=1:2020.12.07-2 \
        hunspell-en-gb=1:7.5.0-1 hunspell-tools=1.7.1-1 \
        wordnet-base=1:3.0-37 npm
    pip install lemminflect==0.2.3 wordfreq==3.1.1
    python3 dictionaries/regenerate.py      # from anywhere

The npm packages are fetched by the script with `npm pack` (no install). The
script refuses to run with other versions of the sources than those pinned
below, so the same inputs always give the same lists. It prints what it
decided (how many words each step added or removed, with samples).

Inputs:
  * SCOWL, the Debian package `scowl`: for N up to 70, the word lists of
    every spelling it ships: `english-words.N` (common to all), American,
    British (-ise and -ize), Canadian and Australian, and each one's variant
    spellings (levels 1 and 2: GREY beside GRAY, AXE, CANCELLED, AMONGST;
    level 3, "seldom used", is left out). Accented words are kept in their
    unaccented spelling (CAFE, FIANCEE, PINATA). From the abbreviation lists,
    only clipped words are kept (see `clippings`).
  * The current British dictionary, Debian's `hunspell-en-gb` (Marco A.G.
    Pinto's en_GB of LibreOffice, maintained; LGPL), expanded by
    `unmunch` from `hunspell-tools`: today's words SCOWL lacks (APP, BOT,
    LOCKDOWN, GAMEPLAY), and the inflections it gives SCOWL's words that
    SCOWL lacks (see `current_words`); its nouns' plurals (see
    `irregular_plurals`); the words it marks "!" (candidates for blocking).
  * added.txt (hand-kept, reviewed): words current dictionaries list that
    neither source gives as a word (AW, EL, ZEN, EBOOK), each with the
    dictionaries that list it. not-words.txt (hand-kept, reviewed): words
    the British dictionary lists that are no English words (ANNUM, FACTO,
    WARCRAFT), each with its reason.
  * wordfreq (PyPI, MIT licence; its data CC BY-SA 4.0): how often each
    word is used in English and in 25 other languages written in the Latin
    alphabet. It refines SCOWL's sizes into the commonness tiers (see
    `commonness`) and finds the words of other languages (see `foreign`).
  * WordNet 3.0, the Debian package `wordnet-base`: which words are nouns
    and verbs (for plurals), its table of irregular plurals (OXEN, TAXA),
    and the senses it marks as ethnic slurs, disparaging, obscene or
    profane (candidates for blocking).
  * irregular-plurals (npm, MIT licence): irregular plurals (PEOPLE);
    plurals.txt (hand-kept): the ones no source gives (KINE).
  * hunspell's American dictionary, the Debian package `hunspell-en-us`
    (itself made from SCOWL): its affix rules give inflections of the words
    it knows, and the words it marks "!" (never suggested) are profane.
  * lemminflect (PyPI, MIT licence), whose tables of English inflections come
    from the NIH SPECIALIST Lexicon: plurals, verb forms (irregular ones too:
    shit, shat) and comparatives, each with its part of speech.
  * Published lists of profane words and slurs, each independent of the
    others: the npm packages `cuss` (MIT licence: words rated 0, 1 or 2 for
    how surely they are profane; 1 and 2 are candidates), `naughty-words`
    (CC BY 4.0, the English "List of Dirty, Naughty, Obscene and Otherwise
    Bad Words"), `profane-words` (WTFPL) and `badwords-list` (MIT).
  * profane.txt (hand-kept, reviewed): profane words and slurs SCOWL lists
    that no published list names (derived words such as "bitchiness"), each
    with its reason.
  * allowed.txt (hand-kept, reviewed): the words those lists name that are
    legal for people, each with its reason; one decision for the word's
    family (see `family`). A reason that says "never suggested" keeps the
    word and its family from bots, hints and the coach.

Outputs:
  * words.txt        one `word<TAB>tier` a line, sorted. Only words SCOWL
                     lists in lower case, made of the letters a-z (once
                     accents are taken off), are kept (no proper names or
                     contractions); letter plurals (cs, gs), abbreviations
                     (kb, lm) and the words of other languages are dropped:
                     see `scowl_words` and `foreign`. The tier is the word's
                     commonness (see `commonness`): 10 the most common, 70
                     the rarest; a tier of 50 or less is an everyday word.
  * inflections.txt  one `form<TAB>lemma<TAB>tag` a line: the inflected forms
                     of the words of words.txt (see `inflections`), for
                     blocking here and for the rule about plurals; a line
                     `form<TAB>form<TAB>NN` says a form is also a singular
                     noun of its own (NEWS, SERIES, GLASS).
  * blocklist.txt    one word a line: every word the lists and profane.txt
                     name, less allowed.txt, with every inflection of each
                     (from `inflections`), less the families allowed.txt
                     allows.
  * quiet.txt        one word a line: the legal words bots, hints and the
                     coach never suggest (allowed.txt's "never suggested"
                     words, with their families).
  * sources.txt      one `word<TAB>source` a line: each word of words.txt
                     that SCOWL does not list, with the source that
                     admitted it (en_GB, with the stem it is a form of, or
                     added.txt).
  * EN-GB-COPYRIGHT, IRREGULAR-PLURALS-LICENSE,
    SCOWL-COPYRIGHT, BLOCKLIST-LICENSE (cuss), NAUGHTY-WORDS-LICENSE,
    PROFANE-WORDS-LICENSE, BADWORDS-LIST-LICENSE, INFLECTIONS-LICENSE
    (lemminflect and hunspell-en-us), WORDNET-LICENSE and WORDFREQ-LICENSE,
    copied from the packages.
"""
import gzip
import json
import pathlib
import re
import subprocess
import sys
import tarfile
import tempfile
import unicodedata

HERE = pathlib.Path(__file__).resolve().parent
SCOWL = pathlib.Path("/usr/share/dict/scowl")
SCOWL_COPYRIGHT = pathlib.Path("/usr/share/doc/scowl/copyright")
HUNSPELL = pathlib.Path("/usr/share/hunspell/en_US")
HUNSPELL_COPYRIGHT = pathlib.Path("/usr/share/doc/hunspell-en-us/copyright")
SIZES = [10, 20, 35, 40, 50, 55, 60, 70]
WORDNET = pathlib.Path("/usr/share/wordnet")
WORDNET_COPYRIGHT = pathlib.Path("/usr/share/doc/wordnet-base/copyright")
DEBIAN = {"scowl": "2020.12.07-2", "hunspell-en-us": "1:2020.12.07-2",
          "hunspell-en-gb": "1:7.5.0-1", "hunspell-tools": "1.7.1-1",
          "wordnet-base": "1:3.0-37"}
PYPI = {"lemminflect": "0.2.3", "wordfreq": "3.1.1"}
LEMMINFLECT = PYPI["lemminflect"]
CUSS = "cuss@2.2.0"
NAUGHTY = "naughty-words@1.2.0"
PROFANE_WORDS = "profane-words@2.1.0"
BADWORDS_LIST = "badwords-list@1.0.0"
IRREGULAR_PLURALS = "irregular-plurals@4.2.0"
EN_GB = pathlib.Path("/usr/share/hunspell/en_GB")
EN_GB_README = pathlib.Path("/usr/share/doc/hunspell-en-gb/README_en_GB.txt.gz")
# The least often used word of the current British dictionary that it may
# add to SCOWL's: rarer ones are left to SCOWL (see `current_words`).
CURRENT_ZIPF = 2.5
# The commonness size given to the words of the current dictionary and of
# added.txt, which have no SCOWL size: their tier is then that of their
# Zipf frequency, never more common than 50.
CURRENT_SIZE = 50
# The least often used inflection the current dictionary gives a word of
# SCOWL's that SCOWL's list lacks: rarer ones (ABACKS) are not taken.
FORM_ZIPF = 1.5
# The tier of a legal word that the bots, the hints and the coach never
# suggest: a word that a profanity list names but a person may play
# (allowed.txt), with its family. The library reads quiet.txt for it.
NEVER_SUGGESTED = 255
# SCOWL's spellings: the words common to all, then each country's, then
# each country's variants of levels 1 and 2.
SPELLINGS = ["english", "american", "british", "british_z", "canadian",
             "australian", "variant_1", "variant_2", "british_variant_1",
             "british_variant_2", "canadian_variant_1", "canadian_variant_2",
             "australian_variant_1", "australian_variant_2"]
# The languages written in the Latin alphabet that wordfreq knows, other
# than English: a word far more used in one of them than in English, and
# only in SCOWL's largest size, is a word of that language (see `foreign`).
OTHER_LANGUAGES = ("ca cs da de es fi fil fr hu id is it lt lv ms nb nl pl "
                   "pt ro sh sk sl sv tr").split()
# WordNet's usage domains (synset offsets in data.noun) whose members are
# candidates for blocking.
WORDNET_DOMAINS = {"06718862": "ethnic slur", "06717170": "disparagement",
                   "07124340": "obscenity", "07128527": "profanity"}
# Commonness: the tier of a wordfreq Zipf frequency (log10 of uses per
# billion words), highest first. A word's tier is the larger (rarer) of its
# SCOWL size and this; everyday words are those of tier 50 or less.
ZIPF_TIERS = [(3.0, 10), (2.5, 50), (2.0, 55), (1.5, 60), (0.0, 70)]
EVERYDAY = 50
# Below this Zipf frequency a word is rare in itself, whatever its lemma.
RARE_ZIPF = 2.0
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
    from importlib import metadata
    for pkg, want in PYPI.items():
        try:
            got = metadata.version(pkg)
        except metadata.PackageNotFoundError:
            got = None
        if got != want:
            sys.exit(f"{pkg} {want} is needed (found {got or 'none'}): "
                     f"pip install {pkg}=={want}")


def plain(word):
    """A word without its accents: café -> cafe."""
    return "".join(c for c in unicodedata.normalize("NFD", word)
                   if not unicodedata.combining(c))


def scowl_list(kind, size):
    """The entries of every spelling's `kind` list ("words",
    "abbreviations") of one size, accents taken off."""
    for spelling in SPELLINGS:
        path = SCOWL / f"{spelling}-{kind}.{size}"
        if path.exists():
            for raw in path.read_bytes().decode("utf-8", "replace").splitlines():
                yield plain(raw.strip())


def scowl_words():
    """SCOWL's lower-case a-z words in every spelling with their sizes, less
    letter plurals and abbreviations. SCOWL's word lists (not only its
    abbreviation lists) hold "cs" (the plural of the letter c, which it also
    gives as "c's") and unit symbols such as "kb", "lm", "lx": a two-letter
    word of a letter and an s is a letter plural unless it is as, is or us,
    and a word of two or more letters with no vowel (a e i o u y) is an
    abbreviation unless it is one of VOWELLESS_WORDS. Returns the sizes and
    the words dropped."""
    tiers = {}
    for size in SIZES:
        for word in scowl_list("words", size):
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


def clippings(tiers):
    """Words of SCOWL's abbreviation lists that lemminflect's English
    lexicon gives as a form of a word of the list: MATHS (of MATH). The
    rest (ETC, AUG, CORP) are abbreviations, not words."""
    import lemminflect
    found = {}
    for size in SIZES:
        for word in scowl_list("abbreviations", size):
            if (WORD.match(word) and word not in tiers and word not in found
                    and any(l in tiers for ls in lemminflect.getAllLemmas(word).values()
                            for l in ls if l != word)):
                found[word] = size
    return found


def dic_entries(path):
    """A hunspell dictionary's entries: stem -> its affix flags, for every
    stem as written (proper names keep their capital)."""
    stems = {}
    text = path.with_suffix(".dic").read_text("utf-8").lstrip("\ufeff")
    for line in text.splitlines()[1:]:
        # A line may end with morphological fields after a tab.
        stem, _, flags = line.strip().split("\t")[0].partition("/")
        if stem:
            stems[stem] = stems.get(stem, "") + flags
    return stems


def en_gb_entries():
    """The current British dictionary's entries (Debian's hunspell-en-gb,
    Marco A.G. Pinto's en_GB of LibreOffice)."""
    return dic_entries(EN_GB)


# en_GB's flags that inflect: S plural or third person, D and d past
# (d with -ing), G -ing. Its other flags derive new words (-ness, -ation,
# -al), which are left out.
EN_GB_INFLECTING = "SDdG"


def en_gb_inflect(stems):
    """Each of `stems` (stem -> flags) with the a-z forms en_GB's inflecting
    flags give it, by hunspell's `unmunch`: stem -> set of forms (the stem
    too)."""
    order = sorted(stems)
    with tempfile.TemporaryDirectory() as tmp:
        dic = pathlib.Path(tmp) / "part.dic"
        lines = []
        for stem in order:
            flags = "".join(f for f in stems[stem] if f in EN_GB_INFLECTING)
            lines.append(f"{stem}/{flags}" if flags else stem)
        dic.write_text(f"{len(lines)}\n" + "\n".join(lines) + "\n")
        out = subprocess.run(["unmunch", str(dic), str(EN_GB.with_suffix(".aff"))],
                             capture_output=True, text=True, check=True).stdout
    forms, at = {}, -1
    for line in out.splitlines():
        # unmunch prints each stem, then its forms, in the order given.
        if at + 1 < len(order) and line == order[at + 1]:
            at += 1
        if at >= 0 and WORD.match(line):
            forms.setdefault(order[at], set()).add(line)
    return forms


def scowl_everywhere(kind):
    """Every entry of SCOWL's `kind` lists ("abbreviations",
    "proper-names", "upper") at every size, 95 included, lower-cased."""
    found = set()
    for path in SCOWL.glob(f"*-{kind}.*"):
        found.update(plain(l.strip()).lower() for l in
                     path.read_bytes().decode("utf-8", "replace").splitlines())
    return found


def current_words(tiers, wordnet, entries, not_words):
    """The words of the current British dictionary (see `en_gb_entries`)
    that SCOWL's list lacks: today's words (APP, BOT, LOCKDOWN, GAMEPLAY,
    CRYPTO), and the inflections it gives SCOWL's words that SCOWL lacks
    (MILLENNIALS). A lower-case stem of three or more letters is taken, with
    its inflections, when it passes the rules SCOWL's words pass and these:
      * it is used: a Zipf frequency of at least CURRENT_ZIPF (rarer words
        are left to SCOWL, which lists the rare words dictionaries agree
        on);
      * it is no proper name: the dictionary (or SCOWL) lists no capitalised
        form of it, unless WordNet knows it in lower case (MAX);
      * it is no abbreviation: a word SCOWL lists only as an abbreviation is
        taken when en_GB inflects it (APP/MS: APPS; BOT/SM: BOTS), which an
        abbreviation never is (APPROX, ASAP);
      * it is English: not a word of another language (see `foreign`) and
        not in not-words.txt (the parts of Latin phrases, such as ANNUM and
        FACTO, that the dictionary lists for spelling's sake).
    Returns word -> the stem that admitted it, and the stems refused, with
    why."""
    capital = {s.lower() for s in entries if s[:1].isupper()}
    capital |= scowl_everywhere("proper-names") | scowl_everywhere("upper")
    abbreviations = scowl_everywhere("abbreviations")
    numerals = scowl_everywhere("roman-numerals")
    taken, refused = {}, {}
    for stem, flags in entries.items():
        if not WORD.match(stem) or stem in tiers or len(stem) < 3:
            continue
        if not VOWEL.search(stem):
            refused[stem] = "no vowel"
        elif zipf(stem) < CURRENT_ZIPF:
            continue
        elif stem in not_words:
            refused[stem] = "not-words.txt"
        elif stem in numerals:
            refused[stem] = "a Roman numeral"
        elif stem in capital and not wordnet.knows_lower(stem):
            refused[stem] = "a proper name"
        elif stem in abbreviations and not any(f in flags for f in "SMDG"):
            refused[stem] = "an abbreviation"
        else:
            taken[stem] = flags
    other = foreign({w: 70 for w in taken}, set(tiers) | set(taken))
    for stem in other:
        refused[stem] = "a word of another language"
        del taken[stem]
    # The inflections en_GB gives the words SCOWL lists too, where SCOWL
    # lacks them (MILLENNIALS, SHOWTIMES, CHECKBOXES).
    known = {s: f for s, f in entries.items()
             if s in tiers and any(c in f for c in EN_GB_INFLECTING)}
    admitted = {}
    for stem, forms in en_gb_inflect({**known, **taken}).items():
        for form in forms:
            if form in tiers or form in not_words:
                continue
            # A form SCOWL's word lacks must be in use (not ABACKS).
            if stem in taken or zipf(form) >= FORM_ZIPF:
                admitted.setdefault(form, stem)
    return admitted, refused


def current_table(admitted, entries):
    """Lines (form, stem, tag) for the inflections `current_words`
    admitted, so that blocking and plurals see them: -ING forms VBG, -ED
    forms VBD|VBN, and -S forms plurals of a noun (NNS, with VBZ for a
    verb) or third persons."""
    out = set()
    for form, stem in admitted.items():
        if form == stem:
            continue
        flags = entries.get(stem, "")
        if form.endswith("ing"):
            tag = "VBG"
        elif form.endswith("ed"):
            tag = "VBD|VBN"
        elif "M" in flags:
            tag = "NNS|VBZ" if any(f in flags for f in "DdG") else "NNS"
        else:
            tag = "VBZ"
        out.add((form, stem, tag))
    return out


class WordNet:
    """WordNet 3.0's index: the part of speech of each word, its synsets,
    and the words of its usage domains."""

    def __init__(self):
        self.pos = {}
        self.synsets = {}
        self.members = {}
        # The words some synset writes in lower case: not only a name.
        self.lower = set()
        for pos, name in (("n", "noun"), ("v", "verb"), ("a", "adj"),
                          ("r", "adv")):
            for line in (WORDNET / f"index.{name}").read_text("latin-1").splitlines():
                if line.startswith(" "):
                    continue
                parts = line.split()
                lemma, count = parts[0], int(parts[2])
                self.pos.setdefault(lemma, set()).add(pos)
                for offset in parts[-count:]:
                    self.synsets.setdefault(lemma, set()).add((pos, offset))
            for line in (WORDNET / f"data.{name}").read_text("latin-1").splitlines():
                if line.startswith(" "):
                    continue
                parts = line.split()
                count = int(parts[3], 16)
                written = [parts[4 + 2 * i] for i in range(count)]
                self.lower.update(w for w in written if w.islower())
                words = [w.lower() for w in written]
                self.members[(pos, parts[0])] = words
                at = 4 + 2 * count
                for k in range(int(parts[at])):
                    symbol, offset = parts[at + 1 + 4 * k], parts[at + 2 + 4 * k]
                    if symbol == ";u" and offset in WORDNET_DOMAINS:
                        self.members.setdefault(("domain", offset), []).extend(words)

    def synonyms(self, word):
        return {w for s in self.synsets.get(word, ()) for w in self.members.get(s, ())}

    def is_noun(self, word):
        return "n" in self.pos.get(word, ())

    def knows(self, word):
        return word in self.pos

    def knows_lower(self, word):
        """Whether some sense writes `word` in lower case (MAX, the drug;
        not SIMON, only a name)."""
        return word in self.lower

    def domain_words(self):
        """The single words of the slur, disparaging, obscene and profane
        usage domains."""
        return {w for (kind, off), words in self.members.items()
                if kind == "domain" for w in words if WORD.match(w)}


def zipf(word, lang="en"):
    import wordfreq
    return wordfreq.zipf_frequency(word, lang)


def english_derivation(word, tiers):
    """A more common word of the list that `word` is built from by an
    English ending (-s, -es, -er, -ers, -ed, -ing, -ly: SMILER from SMILE,
    JAMMER from JAM, STUDIER from STUDY), if any."""
    for ending in ("s", "es", "r", "rs", "er", "ers", "d", "ed", "ing", "ly"):
        if not word.endswith(ending) or len(word) < len(ending) + 3:
            continue
        stem = word[:-len(ending)]
        bases = {stem}
        if ending[0] in "rd":
            bases = {stem} if stem.endswith("e") else set()
        if stem.endswith("i") and ending in ("er", "ers", "es", "ed"):
            bases.add(stem[:-1] + "y")
        if len(stem) > 2 and stem[-1] == stem[-2] and ending[0] in "ei":
            bases.add(stem[:-1])
        for base in bases:
            if tiers.get(base, 99) <= 60:
                return base
    return None


def foreign(tiers, english=None):
    """The words of other languages: a word that SCOWL lists only at its
    largest size (70), that is used at least 100 times as often in another
    language as in English and is common there (a Zipf frequency of 4 or
    more: once in 100,000 words), and that is not built from a more common
    English word by an English ending (see `english_derivation`). JEFE
    (Spanish), OUI (French), CASA (Portuguese, Spanish, Italian) and MASJID
    (Malay) are such words; SIESTA, PATIO and KAPUT, which SCOWL lists at
    smaller sizes, are English. Returns word -> (language, its Zipf
    frequency there, in English)."""
    found = {}
    for word, size in tiers.items():
        if size < 70:
            continue
        en = zipf(word)
        best, lang = max((zipf(word, l), l) for l in OTHER_LANGUAGES)
        if best >= 4.0 and best - en >= 2.0 and not english_derivation(
                word, tiers if english is None else dict.fromkeys(english, 50)):
            found[word] = (lang, best, en)
    return found


def commonness(tiers, table):
    """Each word's tier: the larger (rarer) of its SCOWL size and the tier
    of its wordfreq Zipf frequency (ZIPF_TIERS). An inflected form that is
    itself in use (a Zipf frequency of RARE_ZIPF or more) counts as often
    used as its most used lemma (TAMES as TAME); one that is itself rare is
    rated by its own use, so never everyday: COMPLETEST and DINNERED,
    though COMPLETE and DINNER are everyday. KNACKER (SCOWL 35, Zipf 1.6)
    becomes rare; RISHI (SCOWL 70, Zipf 2.8) stays rare. A word without a
    vowel (NTH, PSST, CWM) is never an everyday word: no child sounds it
    out."""
    lemmas = {}
    for form, lemma, _ in table:
        if form != lemma:
            lemmas.setdefault(form, set()).add(lemma)
    z = {w: zipf(w) for w in tiers}
    out = {}
    for word, size in tiers.items():
        used = z[word]
        if used >= RARE_ZIPF:
            used = max([used] + [z[l] for l in lemmas.get(word, ()) if l in z])
        ztier = next(t for floor, t in ZIPF_TIERS if used >= floor)
        out[word] = max(size, ztier)
        if not VOWEL.search(word):
            out[word] = max(out[word], EVERYDAY + 5)
    return out


def hunspell_dic():
    """hunspell's American stems (lower case, a-z) with their affix flags."""
    return {s: f for s, f in dic_entries(HUNSPELL).items() if WORD.match(s)}


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


def inflections(lemmas, wordnet, irregular=(), regular=()):
    """The one source of English inflections: (form, lemma, tag) for every
    inflected form of each of `lemmas`. lemminflect's tables (from the NIH
    SPECIALIST Lexicon) give each form's part of speech (NNS plural noun,
    VBZ third person, VBD past, VBN past participle, VBG -ing, JJR and JJS
    comparative and superlative), irregular forms too (MICE, CHILDREN,
    TEETH). Every noun WordNet knows has its plural, by lemminflect's
    spelling rules where its tables do not list the noun (BURGERS, ACTS,
    EIGHTHS). hunspell's affix rules add the forms of words the others do
    not know; its S flag is a plural for a noun, a third person for a verb
    (WordNet says which), and both for a word WordNet does not know. A form
    equal to its lemma is kept for plurals and pasts (sheep, cut). Last, a
    line (form, form, "NN") marks each plural form that lemminflect gives
    as a singular noun of its own and of no other lemma (NEWS, SPECIES,
    YES; not LETTERS, which it gives as a noun of its own and the plural
    of LETTER, nor DATA, the plural of DATUM), unless `irregular` (pairs
    of a plural and its singular from the lists of irregular plurals, see
    `irregular_plurals`) names it: PEOPLE is a noun of its own and the
    plural of PERSON. `regular` adds more pairs of a plural and its
    singular, which that check still applies to."""
    import lemminflect
    out = set()
    for lemma in lemmas:
        for tag, forms in lemminflect.getAllInflections(lemma).items():
            if tag in TAGS:
                out.update((f, lemma, tag) for f in forms if WORD.match(f))
        if wordnet.is_noun(lemma):
            for f in lemminflect.getInflection(lemma, "NNS") or ():
                if WORD.match(f):
                    out.add((f, lemma, "NNS"))
    known = {(f, l) for f, l, _ in out}
    stems, rules = hunspell_dic(), hunspell_suffixes()
    for lemma in lemmas:
        flags = stems.get(lemma, "")
        for flag in "SDGRT":
            if flag not in flags or (flag == "R" and "T" not in flags):
                continue
            tag = HUNSPELL_TAGS[flag]
            if flag == "S" and wordnet.knows(lemma):
                pos = wordnet.pos[lemma]
                tag = "|".join(t for t, p in (("NNS", "n"), ("VBZ", "v")) if p in pos)
                if not tag:
                    continue
            for strip, add, cond in rules[flag]:
                if cond.search(lemma) and lemma.endswith(strip):
                    form = lemma[:len(lemma) - len(strip)] + add
                    if WORD.match(form) and (form, lemma) not in known:
                        out.add((form, lemma, tag))
    out.update((f, l, "NNS") for f, l in set(irregular) | set(regular)
               if (f, l) not in known)
    listed_irregular = {f for f, _ in irregular}
    plural_forms = {f for f, l, t in out if f != l and "NNS" in t.split("|")}
    for form in plural_forms - listed_irregular:
        if set(lemminflect.getAllLemmas(form).get("NOUN", ())) == {form}:
            out.add((form, form, "NN"))
    return out


def irregular_plurals(tmp, entries):
    """Pairs (plural, singular) that a list of plurals names, whether or
    not the singular is a word of the list: WordNet's table of irregular
    noun forms (OXEN, BRETHREN, CHERUBIM, TAXA, PAPARAZZI, CHATEAUX,
    EDDOES), the npm package irregular-plurals (PEOPLE), plurals.txt
    (hand-kept: KINE), and the plurals the current British dictionary gives
    its nouns (a stem it gives a possessive, flag M, is a noun; its S form is
    then a plural: APPS, GUIDERS; a noun it gives no S form has the plural
    English spelling gives it: TECHS). Returns the pairs the lists name, those
    en_GB gives, and the licence of irregular-plurals."""
    pairs = set()
    for line in (WORDNET / "noun.exc").read_text("latin-1").splitlines():
        parts = line.split()
        if len(parts) >= 2 and WORD.match(parts[0]):
            pairs.update((parts[0], s) for s in parts[1:] if WORD.match(s) and s != parts[0])
    pkg = npm_package(IRREGULAR_PLURALS, tmp)
    for singular, plural in json.loads((pkg / "irregular-plurals.json").read_text()).items():
        for p in plural.split("|"):
            if WORD.match(p) and WORD.match(singular) and p != singular:
                pairs.add((p, singular))
    for n, line in enumerate((HERE / "plurals.txt").read_text().splitlines(), 1):
        text, _, reason = line.partition("#")
        if not text.strip():
            continue
        words = text.split()
        if len(words) != 2 or not all(WORD.match(w) for w in words) or not reason.strip():
            sys.exit(f"plurals.txt:{n}: a line is a plural, its singular and # the source")
        pairs.add((words[0], words[1]))
    import lemminflect
    nouns = {s: "S" for s, f in entries.items() if WORD.match(s) and "M" in f and "S" in f}
    regular = {(f, stem) for stem, forms in en_gb_inflect(nouns).items()
               for f in forms if f != stem}
    # A noun en_GB gives no plural (TECH/ZM): the plurals English spelling
    # gives it (TECHS, and TECHES by the rule for -CH).
    for stem, flags in entries.items():
        if WORD.match(stem) and "M" in flags and "S" not in flags:
            if stem.endswith("is"):
                continue  # ANALYSIS: its plural is irregular
            spelt = set(lemminflect.getInflection(stem, "NNS") or ()) | {stem + "s"}
            regular.update((f, stem) for f in spelt if WORD.match(f) and f != stem)
    return pairs, regular, (pkg / "license").read_text()


def compound_plurals(words, wordnet):
    """Pairs (plural, singular) of the irregular plurals English makes the
    same way in every compound, for the words of `words` whose singular is
    a noun of the list or of WordNet: -MEN of -MAN (BATMEN, CONGRESSWOMEN),
    -PEOPLE of -PERSON (SPOKESPEOPLE), -VES of -F or -FE (BEHALVES,
    AFTERLIVES)."""
    def noun(w):
        return w in words or wordnet.is_noun(w)
    pairs = set()
    for w in words:
        stems = []
        if w.endswith("men") and len(w) > 4:
            stems.append(w[:-3] + "man")
        if w.endswith("people") and len(w) > 6:
            stems.append(w[:-6] + "person")
        if w.endswith("ves") and len(w) > 4:
            stems += [w[:-3] + "f", w[:-3] + "fe"]
        pairs.update((w, s) for s in stems if noun(s))
    return pairs


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


def npm_words_candidates(tmp, spec, data, licence):
    """The single a-z words of an npm package's JSON or JS array of words
    (`data`, a path in the package), and its licence."""
    pkg = npm_package(spec, tmp)
    text = (pkg / data).read_text()
    words = json.loads(text[text.index("["): text.rindex("]") + 1])
    return ({w.lower() for w in words if WORD.match(w.lower())},
            (pkg / licence).read_text())


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


def block_with_forms(lemmas, forms_of, allowed):
    """`lemmas` with every inflected form of each, and the forms of those
    forms (DAMNDEST, of DAMNED, of DAMN), less the `allowed` words."""
    blocked, todo = set(), list(lemmas)
    while todo:
        word = todo.pop()
        if word in blocked or word in allowed:
            continue
        blocked.add(word)
        todo.extend(forms_of.get(word, ()))
    return blocked


def sample(words, n=30):
    """Up to `n` of `words`, the same ones at every run."""
    import random
    words = sorted(words)
    return " ".join(random.Random(28).sample(words, min(n, len(words))))


def family(word, forms_of, lemmas_of, listed):
    """A word with every form of it, and its lemmas with every form of each
    unless a list names the lemma (CRAPS, the dice game, is allowed; CRAP
    is not): the words a decision about `word` decides (TIT with TITS)."""
    out = set()
    for lemma in {word} | (lemmas_of.get(word, set()) - listed):
        out.add(lemma)
        out.update(forms_of.get(lemma, ()))
    return out


def main():
    check_versions()
    before = {l.split("\t")[0] for l in (HERE / "words.txt").read_text().splitlines()}
    blocked_before = set((HERE / "blocklist.txt").read_text().split())
    wordnet = WordNet()
    sizes, dropped = scowl_words()
    clipped = clippings(sizes)
    sizes.update(clipped)
    other = foreign(sizes)
    for word in other:
        del sizes[word]
    admitted = {w: "SCOWL" for w in sizes}
    entries = en_gb_entries()
    current, refused = current_words(sizes, wordnet, entries,
                                     set(read_reviewed("not-words.txt")))
    for word, stem in current.items():
        sizes[word] = CURRENT_SIZE
        admitted[word] = "en_GB" if word == stem else f"en_GB ({stem})"
    added = read_reviewed("added.txt")
    for word in added:
        if word not in sizes:
            sizes[word] = CURRENT_SIZE
            admitted[word] = "added.txt"
    with tempfile.TemporaryDirectory() as tmp:
        cuss, cuss_licence = cuss_candidates(tmp)
        naughty, naughty_licence = naughty_candidates(tmp)
        profane_words, profane_words_licence = npm_words_candidates(
            tmp, PROFANE_WORDS, "words.json", "LICENSE.md")
        badwords, badwords_licence = npm_words_candidates(
            tmp, BADWORDS_LIST, "lib/array.js", "LICENSE")
        irregular, regular, irregular_licence = irregular_plurals(tmp, entries)
    sources = {"cuss": cuss, "naughty-words": naughty,
               "profane-words": profane_words, "badwords-list": badwords,
               "WordNet": wordnet.domain_words(), "hunspell": hunspell_profane(),
               "en_GB": {s.lower() for s, f in entries.items()
                         if "!" in f and WORD.match(s.lower())},
               "profane.txt": set(read_reviewed("profane.txt"))}
    listed = set().union(*sources.values())
    allowed = read_reviewed("allowed.txt")

    irregular |= compound_plurals(set(sizes), wordnet)
    # added.txt says which of its words are plurals: "plural of EBOOK".
    irregular |= {(w, why.split()[2].lower()) for w, why in added.items()
                  if why.lower().startswith("plural of ")}
    table = inflections(sorted(set(sizes) | listed | set(allowed)), wordnet,
                        irregular, regular)
    table |= current_table(current, entries)
    tiers = commonness(sizes, table)
    forms_of, lemmas_of = {}, {}
    for form, lemma, _ in table:
        forms_of.setdefault(lemma, set()).add(form)
        if form != lemma:
            lemmas_of.setdefault(form, set()).add(lemma)
    # A decision for one word is a decision for its family.
    allowed_all = set().union(*(family(w, forms_of, lemmas_of, listed) for w in allowed))
    lemmas = listed - allowed_all
    blocked = block_with_forms(lemmas, forms_of, allowed_all)
    hushed = [w for w, why in allowed.items() if "never suggested" in why]
    quiet = {w for w in set().union(*(family(w, forms_of, lemmas_of, listed) for w in hushed))
             if w in tiers and w not in blocked}

    with open(HERE / "words.txt", "w") as out:
        for word in sorted(tiers):
            out.write(f"{word}\t{tiers[word]}\n")
    with open(HERE / "inflections.txt", "w") as out:
        out.write("# form<TAB>lemma<TAB>tag, made by regenerate.py: see its docstring\n")
        for form, lemma, tag in sorted(table):
            plural = "NNS" in tag.split("|")
            if form in tiers and (lemma in tiers or plural):
                out.write(f"{form}\t{lemma}\t{tag}\n")
    (HERE / "blocklist.txt").write_text("".join(w + "\n" for w in sorted(blocked)))
    (HERE / "quiet.txt").write_text(
        "# Legal words that bots, hints and the coach never suggest: the words\n"
        "# allowed.txt marks \"never suggested\", with their families. Made by\n"
        "# regenerate.py.\n"
        + "".join(w + "\n" for w in sorted(quiet)))
    with open(HERE / "sources.txt", "w") as out:
        out.write("# word<TAB>source, made by regenerate.py: the words of words.txt that\n"
                  "# SCOWL does not list, and the source that admitted each (en_GB: the\n"
                  "# current British dictionary, with the stem the word is a form of;\n"
                  "# added.txt: the hand-kept list). Every other word is SCOWL's.\n")
        for word in sorted(tiers):
            if admitted[word] != "SCOWL":
                out.write(f"{word}\t{admitted[word]}\n")
    write_licences(cuss_licence, naughty_licence, profane_words_licence,
                   badwords_licence, irregular_licence)

    legal = set(tiers) - blocked
    legal_before = before - blocked_before
    in_dict = blocked & set(tiers)
    everyday = {w for w in legal if tiers[w] <= EVERYDAY and w not in quiet}
    stale = sorted(w for w in allowed if w not in listed
                   and not any(w in forms_of.get(l, ()) for l in lemmas))
    print(f"{len(tiers)} words, {len(legal)} legal (before: {len(before)},"
          f" {len(legal_before)} legal); {len(everyday)} everyday (tier <="
          f" {EVERYDAY}); {len(quiet)} never suggested")
    print(f"{len(dropped)} letter plurals and abbreviations dropped:"
          f" {' '.join(sorted(dropped))}")
    print(f"{len(clipped)} clipped words kept: {' '.join(sorted(clipped))}")
    print(f"{len(other)} words of other languages dropped; 30 of them:"
          f" {sample(other)}")
    stems = sorted(set(current.values()))
    print(f"en_GB admitted {len(current)} words of {len(stems)} stems:"
          f" {' '.join(stems)}")
    for why in sorted(set(refused.values())):
        words = sorted(w for w, r in refused.items() if r == why)
        print(f"en_GB refused {len(words)} as {why}: {' '.join(words)}")
    print(f"added.txt admitted {sum(1 for w in added if admitted.get(w) == 'added.txt')}:"
          f" {' '.join(sorted(w for w in added if admitted.get(w) == 'added.txt'))}")
    for name, words in sources.items():
        print(f"{name}: {len(words)} listed, {len(words & set(tiers))} in the"
              f" list, {len(words & set(tiers) & allowed_all)} of them allowed")
    print(f"{len(listed)} listed, {len(blocked)} blocked, {len(in_dict)} of them"
          f" in words.txt; {len(allowed)} allowed, {len(allowed_all)} with their families")
    print(f"{len(irregular)} irregular plurals listed, {len(regular)} plurals of en_GB's nouns")
    added_now, removed = legal - legal_before, legal_before - legal
    print(f"legal words added: {len(added_now)}; 30 of them: {sample(added_now)}")
    print(f"legal words removed: {len(removed)}: {' '.join(sorted(removed))}")
    newly = (blocked & set(tiers)) - blocked_before
    print(f"newly blocked: {len(newly)}: {' '.join(sorted(newly))}")
    if stale:
        print("allowed.txt names words no list blocks (never suggested):", " ".join(stale))


def write_licences(cuss, naughty, profane_words, badwords, irregular):
    """Copies each source's licence beside the lists made from it."""
    (HERE / "SCOWL-COPYRIGHT").write_text(SCOWL_COPYRIGHT.read_text())
    (HERE / "BLOCKLIST-LICENSE").write_text(
        f"blocklist.txt is derived in part from the npm package {CUSS}\n"
        "(words rated 1 or 2), under this licence:\n\n" + cuss)
    (HERE / "NAUGHTY-WORDS-LICENSE").write_text(
        f"blocklist.txt is derived in part from the npm package {NAUGHTY}\n"
        "(its English list, from the List of Dirty, Naughty, Obscene and\n"
        "Otherwise Bad Words, https://github.com/LDNOOBW), under this licence:\n\n"
        + naughty)
    (HERE / "PROFANE-WORDS-LICENSE").write_text(
        f"blocklist.txt is derived in part from the npm package {PROFANE_WORDS},\n"
        "under this licence:\n\n" + profane_words)
    (HERE / "BADWORDS-LIST-LICENSE").write_text(
        f"blocklist.txt is derived in part from the npm package {BADWORDS_LIST},\n"
        "under this licence:\n\n" + badwords)
    (HERE / "IRREGULAR-PLURALS-LICENSE").write_text(
        f"inflections.txt is derived in part from the npm package {IRREGULAR_PLURALS},\n"
        "under this licence:\n\n" + irregular)
    (HERE / "EN-GB-COPYRIGHT").write_text(
        "words.txt, sources.txt, inflections.txt and blocklist.txt are derived in\n"
        f"part from Debian's hunspell-en-gb {DEBIAN['hunspell-en-gb']} (the en_GB dictionary of\n"
        "LibreOffice, by David Bartlett, Brian Kelk, Andrew Brown and Marco A.G.\n"
        "Pinto, first made from Kevin Atkinson's word lists). Its README, which\n"
        "gives its licence:\n\n"
        + gzip.decompress(EN_GB_README.read_bytes()).decode("utf-8"))
    (HERE / "WORDNET-LICENSE").write_text(
        "words.txt, inflections.txt and blocklist.txt are derived in part from\n"
        f"WordNet 3.0 (Debian's wordnet-base {DEBIAN['wordnet-base']}): which words\n"
        "are nouns and verbs, and its usage domains. Its licence:\n\n"
        + WORDNET_COPYRIGHT.read_text())
    import wordfreq
    root = pathlib.Path(wordfreq.__file__).parent.parent
    wf = next(root.glob(f"wordfreq-{PYPI['wordfreq']}.dist-info"))
    (HERE / "WORDFREQ-LICENSE").write_text(
        "The tiers of words.txt and the words of other languages left out of it\n"
        f"come from wordfreq {PYPI['wordfreq']}'s frequency data, under the licence\n"
        "below (its data is CC BY-SA 4.0, as it says).\n\n"
        + "".join(p.read_text() for p in sorted(wf.glob("LICENSE*"))))
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


if __name__ == "__main__":
    main()
