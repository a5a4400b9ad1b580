#!/usr/bin/env python3
"""Recreates Data/en/words.tsv and Data/en/bigrams.tsv from their published sources.

Sources (versions pinned; see Data/en/SOURCES.md for licences):
  * PyPI symspellpy 6.10.1: frequency_dictionary_en_82_765.txt (unigrams) and
    frequency_bigramdictionary_en_243_342.txt (bigrams), lower case, from Google Books Ngram
    data (CC BY 3.0) intersected with SCOWL.
  * PyPI wordfreq 3.1.1: large_en.msgpack.gz, used only for the relative frequency of accented
    spellings (cafe/café, naive/naïve) and of words with apostrophes (don't, I'm, o'clock).
  * Debian scowl 2020.12.07-2: word lists that give the case of proper nouns and acronyms
    (London, I, iPhone, NASA).

Usage: tools/build-lexicon-data.py [--cache DIR] [--out Data/en]
Needs python3, pip and apt-get (apt-get download, no root needed for that step) or dpkg-deb.
"""
import argparse, glob, gzip, io, math, os, struct, subprocess, sys, unicodedata, zipfile

SYMSPELL = "symspellpy==6.10.1"
WORDFREQ = "wordfreq==3.1.1"
SCOWL = "scowl=2020.12.07-2"

def sh(*args, cwd=None):
    subprocess.run(args, check=True, cwd=cwd, stdout=subprocess.DEVNULL)

def fetch(cache):
    os.makedirs(cache, exist_ok=True)
    if not glob.glob(os.path.join(cache, "symspellpy-*.whl")):
        sh(sys.executable, "-m", "pip", "download", "-q", "--no-deps", "-d", cache, SYMSPELL)
    if not glob.glob(os.path.join(cache, "wordfreq-*.whl")):
        sh(sys.executable, "-m", "pip", "download", "-q", "--no-deps", "-d", cache, WORDFREQ)
    scowl_dir = os.path.join(cache, "scowl")
    if not os.path.isdir(scowl_dir):
        if not glob.glob(os.path.join(cache, "scowl_*.deb")):
            sh("apt-get", "download", SCOWL, cwd=cache)
        deb = glob.glob(os.path.join(cache, "scowl_*.deb"))[0]
        sh("dpkg-deb", "-x", deb, scowl_dir)
    return scowl_dir

def wheel_member(cache, pattern, member):
    whl = glob.glob(os.path.join(cache, pattern))[0]
    with zipfile.ZipFile(whl) as z:
        return z.read(member)

# --- a minimal msgpack reader (arrays, maps, strings, ints): enough for wordfreq's cBpack ---
def unpack(buf):
    pos = 0
    def read():
        nonlocal pos
        b = buf[pos]; pos += 1
        if b <= 0x7f: return b
        if 0x80 <= b <= 0x8f: return {read(): read() for _ in range(b & 0x0f)}
        if 0x90 <= b <= 0x9f: return [read() for _ in range(b & 0x0f)]
        if 0xa0 <= b <= 0xbf: return rstr(b & 0x1f)
        if b == 0xc0: return None
        if b == 0xc2: return False
        if b == 0xc3: return True
        if b == 0xcc: return rint(">B", 1)
        if b == 0xcd: return rint(">H", 2)
        if b == 0xce: return rint(">I", 4)
        if b == 0xd9: return rstr(rint(">B", 1))
        if b == 0xda: return rstr(rint(">H", 2))
        if b == 0xdb: return rstr(rint(">I", 4))
        if b == 0xdc: return [read() for _ in range(rint(">H", 2))]
        if b == 0xdd: return [read() for _ in range(rint(">I", 4))]
        if b == 0xde: n = rint(">H", 2); return {read(): read() for _ in range(n)}
        if b >= 0xe0: return b - 0x100
        raise ValueError("msgpack type 0x%02x unsupported" % b)
    def rint(fmt, n):
        nonlocal pos
        v = struct.unpack_from(fmt, buf, pos)[0]; pos += n; return v
    def rstr(n):
        nonlocal pos
        s = buf[pos:pos + n].decode("utf-8"); pos += n; return s
    return read()

def search_key(word):
    """Accent- and case-blind key, as KbdText's Normalization.searchKey computes it."""
    d = unicodedata.normalize("NFD", word)
    d = "".join(c for c in d if unicodedata.category(c) != "Mn")
    return unicodedata.normalize("NFC", d.casefold())

def main():
    ap = argparse.ArgumentParser()
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    ap.add_argument("--cache", default=os.path.join(os.environ.get("TMPDIR", "/tmp"), "kbd-lexicon-sources"))
    ap.add_argument("--out", default=os.path.join(root, "Data", "en"))
    ap.add_argument("--min-bigram", type=int, default=0, help="drop bigrams with a lower count")
    args = ap.parse_args()
    scowl_dir = fetch(args.cache)

    # 1. Unigrams and bigrams (lower case) from symspellpy.
    uni = {}
    for line in wheel_member(args.cache, "symspellpy-*.whl", "symspellpy/frequency_dictionary_en_82_765.txt").decode().splitlines():
        w, c = line.split()
        uni[w] = int(c)
    bi = []
    for line in wheel_member(args.cache, "symspellpy-*.whl", "symspellpy/frequency_bigramdictionary_en_243_342.txt").decode().splitlines():
        a, b, c = line.split()
        bi.append((a, b, int(c)))

    # 2. wordfreq, as {word: frequency}; scaled to symspell counts through the common words.
    packed = unpack(gzip.decompress(wheel_member(args.cache, "wordfreq-*.whl", "wordfreq/data/large_en.msgpack.gz")))
    wf = {}
    for cb, bucket in enumerate(packed[1:]):
        for w in bucket:
            wf[w] = 10 ** (-cb / 100)
    ratios = sorted(uni[w] / wf[w] for w in sorted(uni, key=uni.get, reverse=True)[:2000] if w in wf and w.isalpha())
    scale = ratios[len(ratios) // 2]

    # 3. Case from SCOWL: a word keeps its capitals when SCOWL has no lower-case spelling of it.
    spellings = {}  # lower-case -> {spelling: best size}
    for path in glob.glob(os.path.join(scowl_dir, "usr/share/dict/scowl/*")):
        name = os.path.basename(path)
        if name.startswith("special-"):
            continue
        size = int(name.rsplit(".", 1)[1])
        if size >= 80:
            continue  # the rarest lists hold junk spellings (nasa, CAFE) that would decide case
        with open(path, encoding="utf-8", errors="replace") as f:
            for w in f.read().split("\n"):
                if w:
                    d = spellings.setdefault(w.lower(), {})
                    d[w] = min(size, d.get(w, 100))
    def canonical(lower):
        forms = spellings.get(lower)
        if not forms:
            return lower
        # The spelling of the smallest (most common) SCOWL list. A lower-case spelling wins over
        # ALL-CAPS ones (de/DE, cafe/CAFE: acronyms only when no ordinary word exists, NASA) and
        # over Capitalised ones unless they are far more common (English/english, god/God).
        best = min(forms, key=lambda f: (forms[f], f != lower, f))
        if lower not in forms:
            return best
        titled = best[:1].isupper() and (len(best) == 1 or not best[1:].isupper())
        if titled and best != lower and forms[best] + 20 <= forms[lower]:
            return best
        return lower

    words = {}  # spelling -> count
    canon = {}  # symspell lower-case word -> spelling
    for w, c in uni.items():
        if "'" in w:
            continue  # symspellpy's apostrophe words carry a placeholder count; wordfreq's replace them
        s = canonical(w)
        canon[w] = s
        words[s] = words.get(s, 0) + c
    # Common SCOWL words (size <= 60: Mr, Mrs, okay...) that symspellpy's list lacks, at wordfreq's rate.
    for w, f in wf.items():
        if w in canon or "'" in w or f < 1e-7 or w not in spellings:
            continue
        forms = spellings[w]
        if min(forms.values()) > 60 or not w.isalpha():
            continue
        s = canonical(w)
        canon[w] = s
        words[s] = max(words.get(s, 0), int(f * scale))
    # Accented spellings English uses (café, naïve, fiancée), in proportion to the plain ones.
    for w, f in wf.items():
        if w.isascii() or not all(ch.isalpha() for ch in w):
            continue
        plain = search_key(w)
        if plain == w or plain not in uni or any(ord(ch) > 0x24f for ch in w):
            continue
        ratio = f / wf.get(plain, f)
        if ratio < 0.04:
            continue
        s = canonical(w)
        words[s] = max(1, int(uni[plain] * min(ratio, 1.0)))
        if ratio >= 1 and plain not in spellings:
            # the accented spelling is the usual one and the plain one is no word of its own
            words.pop(canon[plain], None)
            canon[plain] = s
    # Words with apostrophes: contractions and common possessives.
    for w, f in wf.items():
        if "'" not in w or f < 2e-6 or not all(ch.isalpha() or ch == "'" for ch in w):
            continue
        if w.startswith("'") or w.endswith("'") or w.count("'") > 1:
            continue
        s = canonical(w)
        if s == w and w.split("'")[0] in canon and canon[w.split("'")[0]] != w.split("'")[0]:
            s = canon[w.split("'")[0]] + w[w.index("'"):]  # london's -> London's
        words[s] = max(words.get(s, 0), int(f * scale))

    bigrams = {}
    for a, b, c in bi:
        if a not in canon or b not in canon or c < args.min_bigram:
            continue
        key = (canon[a], canon[b])
        bigrams[key] = bigrams.get(key, 0) + c

    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, "words.tsv"), "w", encoding="utf-8", newline="\n") as f:
        for s, c in sorted(words.items(), key=lambda kv: (-kv[1], kv[0])):
            f.write(f"{s}\t{c}\n")
    with open(os.path.join(args.out, "bigrams.tsv"), "w", encoding="utf-8", newline="\n") as f:
        for (a, b), c in sorted(bigrams.items(), key=lambda kv: (-kv[1], kv[0])):
            f.write(f"{a}\t{b}\t{c}\n")
    print(f"words.tsv: {len(words)} words; bigrams.tsv: {len(bigrams)} pairs", file=sys.stderr)

if __name__ == "__main__":
    main()
