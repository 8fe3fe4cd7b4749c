/* The compiled Dots and Boxes search of gamekit/dots/kernels.py written in C, for the nodes-per-second
 * comparison of `python -m benchmarks.dots --solver --c` (not part of the package).
 *
 * The same core, line for line: the reduced move generator (forced takes, take-or-decline with every
 * group's takes and double-deals, safe lines centre first, one line per chain or loop, the loony endgame
 * valued from the chain and loop lengths), fail-soft negamax alpha-beta with the bound table keyed by the
 * smallest symmetric image of the drawn lines (same hash, same four-way buckets of (key, entry) pairs,
 * same incremental masks of the boxes with one and two undrawn lines, same best-line
 * ordering), the enhanced transposition cutoff, the corners' border lines as one move (the key normalised
 * where a symmetry swaps them), the cutoff's probes of short sacrifices, of long chains and loops (the position
 * with all of it drawn) and children's bounds, one of twin chains (same ends, same length), a chain's end searched
 * once for both replies, and the MTD(f) driver.  Written recursively (C has no
 * reason not to); the tree, and so the node count, is the numba kernel's.  The tables are built by
 * gamekit.dots.fast and handed over through ctypes, so both searches see the same boards.
 */
#include <stdint.h>
#include <string.h>

typedef struct {
    int nb, nl, nsym, etc_lines, safe_only, twins, etc_sacrifice, etc_bound, four_way, hash_mix, prefetch, chain_end,
        etc_long;
    const int64_t *nbl, *nbo, *lb, *order, *perm, *inv, *syms;
    const uint64_t *symtab;
    /* border groups (the corners' two border lines): see gamekit.dots.fast._ground_tables */
    const uint64_t *gmask, *gfirst, *gskip;
    const int64_t *glines, *gid, *gsym;
    int ng;
    uint64_t *tt;                  /* per slot: key + 1, then lo | hi << 8 | best << 16 | work << 24 */
    int64_t tmask, nodes;
    int64_t deg[64];
    uint64_t m1, m2;               /* the boxes with one / two undrawn lines */
} Ctx;

#define NBL(b, i) c->nbl[(b) * 4 + (i)]
#define NBO(b, i) c->nbo[(b) * 4 + (i)]

static inline uint64_t ground_normal(const Ctx *c, uint64_t x) {
    for (int g = 0; g < c->ng; g++) {
        uint64_t m = c->gmask[g];
        x = (x & ~m) | c->gfirst[g * 5 + __builtin_popcountll(x & m)];
    }
    return x;
}

static inline int first_undrawn(const Ctx *c, int g, uint64_t drawn) {
    for (int j = 0; j < 4; j++) {
        int x = (int)c->glines[g * 4 + j];
        if (x < 0) break;
        if (!((drawn >> x) & 1)) return x;
    }
    return -1;
}

static inline uint64_t canonical(const Ctx *c, uint64_t drawn, int *which) {
    uint64_t best = drawn;
    *which = 0;
    for (int k = 1; k < c->nsym; k++) {
        int s = (int)c->syms[k];
        uint64_t img = 0, x = drawn;
        const uint64_t *t = c->symtab + (int64_t)s * 8 * 256;
        for (int byte = 0; byte < 8; byte++) {
            img |= t[byte * 256 + (x & 255)];
            x >>= 8;
        }
        if (c->gsym[s]) img = ground_normal(c, img);
        if (img < best) {
            best = img;
            *which = s;
        }
    }
    return best;
}

/* four-way buckets (one cache line): a new entry replaces the one whose search took least work; or (four_way
 * off) two-tier buckets: slot 2i keeps the entry whose search took more nodes, slot 2i + 1 is always replaced */
static inline int64_t slot_of(const Ctx *c, uint64_t key) {
    uint64_t h = key * 0x9E3779B97F4A7C15ULL;
    if (c->hash_mix) h ^= h >> 32;             /* the product's high half moves the slot too */
    return ((int64_t)(h >> 20) & c->tmask) & ~(int64_t)(c->four_way ? 3 : 1);
}

#define TKEY(s) c->tt[2 * (s)]
#define TDAT(s) c->tt[2 * (s) + 1]
#define T_LO(s) ((int64_t)(int8_t)(TDAT(s) & 255))
#define T_HI(s) ((int64_t)(int8_t)((TDAT(s) >> 8) & 255))
#define T_BEST(s) ((int64_t)((TDAT(s) >> 16) & 255))
#define T_WORK(s) ((int64_t)((TDAT(s) >> 24) & 255))

static inline int64_t tt_find(const Ctx *c, int64_t bucket, uint64_t key1) {
    if (TKEY(bucket) == key1) return bucket;
    if (c->four_way) {
        for (int j = 1; j < 4; j++) if (TKEY(bucket + j) == key1) return bucket + j;
        return -1;
    }
    if (TKEY(bucket + 1) == key1) return bucket + 1;
    return -1;
}

static inline void tt_copy(Ctx *c, int64_t to, int64_t from) {
    TKEY(to) = TKEY(from); TDAT(to) = TDAT(from);
}

static inline void tt_store(Ctx *c, int64_t bucket, uint64_t key1, int64_t lo, int64_t hi, int64_t best, int64_t work) {
    int64_t s = bucket;
    if (c->four_way) {
        int64_t w = 1000;
        for (int j = 0; j < 4; j++) {
            int64_t t = bucket + j;
            if (TKEY(t) == key1) { s = t; if (T_WORK(t) > work) work = T_WORK(t); break; }
            int64_t wt = TKEY(t) != 0 ? T_WORK(t) : -1;
            if (wt < w) { w = wt; s = t; }
        }
    } else if (TKEY(bucket) == key1) { if (T_WORK(bucket) > work) work = T_WORK(bucket); }
    else if (TKEY(bucket + 1) == key1) {
        s = bucket + 1;
        if (work > T_WORK(bucket)) { tt_copy(c, s, bucket); s = bucket; }
    } else if (work >= T_WORK(bucket)) tt_copy(c, bucket + 1, bucket);
    else s = bucket + 1;
    TKEY(s) = key1;
    TDAT(s) = (uint64_t)(lo & 255) | (uint64_t)(hi & 255) << 8 | (uint64_t)(best & 255) << 16 | (uint64_t)(work & 255) << 24;
}

static int64_t loony_value(const int64_t *ckind, const int64_t *clen, int n) {
    int64_t tk[65], tl[65], cnt[65], radix[65];
    int T = 0;
    for (int i = 0; i < n; i++) {
        int found = -1;
        for (int t = 0; t < T; t++)
            if (tk[t] == ckind[i] && tl[t] == clen[i]) { found = t; break; }
        if (found < 0) { tk[T] = ckind[i]; tl[T] = clen[i]; cnt[T] = 1; T++; }
        else cnt[found]++;
    }
    int64_t total = 1;
    for (int t = 0; t < T; t++) { radix[t] = total; total *= cnt[t] + 1; }
    int64_t val_small[4096];
    int64_t *val = val_small;
    static int64_t val_big[1 << 20];
    if (total > 4096) val = val_big;
    val[0] = 0;
    for (int64_t idx = 1; idx < total; idx++) {
        int64_t best = -10000;
        for (int t = 0; t < T; t++) {
            int64_t cc = (idx / radix[t]) % (cnt[t] + 1);
            if (cc == 0) continue;
            int64_t rest = val[idx - radix[t]], k = tl[t], v;
            if (tk[t] == 0) {
                if (k <= 2) v = -k - rest;
                else { v = -k - rest; if (4 - k + rest < v) v = 4 - k + rest; }
            } else { v = -k - rest; if (8 - k + rest < v) v = 8 - k + rest; }
            if (v > best) best = v;
        }
        val[idx] = best;
    }
    return val[total - 1];
}

static inline void other_line(const Ctx *c, int b, int skip, uint64_t drawn, int *l, int *o) {
    for (int i = 0; i < 4; i++) {
        int x = (int)NBL(b, i);
        if (x != skip && !((drawn >> x) & 1)) { *l = x; *o = (int)NBO(b, i); return; }
    }
    *l = -1; *o = -2;
}

#define NO_BOUND 10000

/* kind 0 = take at once, 1 = take or decline, 2 = ordinary, 3 = loony endgame (value in *lv); in an ordinary
 * position ub[i] is an upper bound on the mover's value after out[i] (opening a chain of n >= 3: -(n - 2),
 * a loop of n: -(n - 4)) */
static int gen_moves(const Ctx *c, uint64_t drawn, int *out, int64_t *ub, int *count_out, int64_t *lv, uint64_t *cbox,
                     int *cloop) {
    const int64_t *deg = c->deg;
    int nb = c->nb;
    int ntakes = 0, forced = -1, any1 = 0;
    int declines[64];
    for (uint64_t rem = c->m1; rem; rem &= rem - 1) {
        int b = __builtin_ctzll(rem);
        any1 = 1;
        int l, o;
        other_line(c, b, -1, drawn, &l, &o);
        if (o < 0 || deg[o] != 2) { out[0] = l; *count_out = 1; return 0; }
        int seen = 0;
        for (int i = 0; i < ntakes; i++) if (out[i] == l) seen = 1;
        if (seen) continue;
        int m, o2;
        other_line(c, o, l, drawn, &m, &o2);
        if (o2 >= 0 && deg[o2] == 2) {
            int m3, o3;
            other_line(c, o2, m, drawn, &m3, &o3);
            if (o3 < 0 || deg[o3] != 1) { if (forced < 0) forced = l; continue; }
        }
        out[ntakes] = l;
        declines[ntakes] = m;
        ntakes++;
    }
    if (any1) {
        if (forced >= 0) { out[0] = forced; *count_out = 1; return 0; }
        int count = ntakes;
        for (int i = 0; i < ntakes; i++) {
            int m = declines[i], dup = 0;
            for (int j = 0; j < count; j++) if (out[j] == m) { dup = 1; break; }
            if (!dup) out[count++] = m;
        }
        *count_out = count;
        return 1;
    }
    uint64_t unsafe = 0;
    int any2 = 0;
    for (uint64_t rem = c->m2; rem; rem &= rem - 1) {
        int b = __builtin_ctzll(rem);
        any2 = 1;
        for (int i = 0; i < 4; i++) unsafe |= 1ULL << NBL(b, i);
    }
    int n_safe = 0;
    for (int i = 0; i < c->nl; i++) {
        int l = (int)c->order[i];
        uint64_t bit = 1ULL << l;
        if (!(drawn & bit) && !(unsafe & bit) && !(c->gskip[l] & ~drawn)) {
            ub[n_safe] = NO_BOUND;
            cbox[n_safe] = 0;                /* a safe line opens no chain (the move-to-front copies these too) */
            cloop[n_safe] = 0;
            out[n_safe++] = l;
        }
    }
    if (!any2 || (c->safe_only && n_safe > 0)) { *count_out = n_safe; return 2; }
    int count = n_safe, simple = 1, ncomp = 0, ncand = 0;
    uint64_t visited = 0;
    int64_t ckind[65], clen[65];
    int cand_len[65], cand_line[65];
    uint64_t cand_box[65];
    for (uint64_t rem = c->m2; rem; rem &= rem - 1) {
        int b = __builtin_ctzll(rem);
        if ((visited >> b) & 1) continue;
        visited |= 1ULL << b;
        int n = 1, term = 0, loop = 0, mid = -1, rep = -1, e0 = -2, e1 = -2;
        uint64_t cm = 1ULL << b;
        for (int i = 0; i < 4; i++) {
            int l0 = (int)NBL(b, i);
            if ((drawn >> l0) & 1) continue;
            rep = l0;
            int prev = l0, cur = (int)NBO(b, i);
            while (1) {
                if (cur < 0) { term++; if (e0 == -2) e0 = -1; else e1 = -1; break; }
                if (cur == b) { loop = 1; break; }
                if (deg[cur] != 2) { if (e0 == -2) e0 = cur; else e1 = cur; break; }
                if (n == 1) mid = prev;
                visited |= 1ULL << cur;
                cm |= 1ULL << cur;
                n++;
                int l2, o2;
                other_line(c, cur, prev, drawn, &l2, &o2);
                prev = l2;
                cur = o2;
            }
            if (loop) break;
        }
        if (n == 2 && !loop) rep = mid;
        if (c->gid[rep] >= 0) rep = first_undrawn(c, (int)c->gid[rep], drawn);
        if (loop || term == 2) {
            int kind = loop ? 1 : 0, dup = 0;
            for (int j = 0; j < ncomp; j++) if (ckind[j] == kind && clen[j] == n) { dup = 1; break; }
            ckind[ncomp] = kind;
            clen[ncomp] = n;
            ncomp++;
            if (dup) continue;
        } else {
            simple = 0;
            if (c->twins) {                /* of chains with the same ends and length, one is tried */
                int lo_e = e0 < e1 ? e0 : e1, hi_e = e0 < e1 ? e1 : e0;
                int64_t kind = 2 + (int64_t)(lo_e + 1) * (nb + 1) + hi_e + 1;
                int dup = 0;
                for (int j = 0; j < ncomp; j++) if (ckind[j] == kind && clen[j] == n) { dup = 1; break; }
                if (dup) continue;
                ckind[ncomp] = kind;
                clen[ncomp] = n;
                ncomp++;
            }
        }
        cand_box[ncand] = (n >= 3 || loop) ? cm : 0;
        cand_len[ncand] = 2 * n + loop;
        cand_line[ncand] = rep;
        ncand++;
    }
    for (int i = 1; i < ncand; i++) {
        int kl = cand_len[i], kx = cand_line[i], j = i - 1;
        uint64_t kb = cand_box[i];
        while (j >= 0 && (cand_len[j] > kl || (cand_len[j] == kl && cand_line[j] > kx))) {
            cand_len[j + 1] = cand_len[j];
            cand_line[j + 1] = cand_line[j];
            cand_box[j + 1] = cand_box[j];
            j--;
        }
        cand_len[j + 1] = kl;
        cand_line[j + 1] = kx;
        cand_box[j + 1] = kb;
    }
    for (int i = 0; i < ncand; i++) {
        int n = cand_len[i] >> 1;
        ub[count] = (cand_len[i] & 1) ? -(n - 4) : (n >= 3 ? -(n - 2) : NO_BOUND);
        cbox[count] = cand_box[i];
        cloop[count] = cand_len[i] & 1;
        out[count++] = cand_line[i];
    }
    *count_out = count;
    if (n_safe == 0 && simple) { *lv = loony_value(ckind, clen, ncomp); return 3; }
    return 2;
}

static inline uint64_t box_mask(const Ctx *c, int b) {
    uint64_t m = 0;
    for (int i = 0; i < 4; i++) m |= 1ULL << NBL(b, i);
    return m;
}

/* opening a chain of one or two boxes: the boxes the opponent takes at once (*after: the lines then drawn);
 * -1: a 2-chain whose ends are one junction; 0: a safe line */
static inline int64_t after_sacrifice(const Ctx *c, int line, uint64_t dr, uint64_t *after) {
    int64_t a = c->lb[line * 2], b = c->lb[line * 2 + 1];
    int da = a >= 0 && c->deg[a] == 2, db = b >= 0 && c->deg[b] == 2;
    if (da && db) {
        int la, oa, lb_, ob;
        other_line(c, (int)a, line, dr, &la, &oa);
        other_line(c, (int)b, line, dr, &lb_, &ob);
        if (oa >= 0 && oa == ob) return -1;
        *after = dr | box_mask(c, (int)a) | box_mask(c, (int)b);
        return 2;
    }
    if (da) { *after = dr | box_mask(c, (int)a); return 1; }
    if (db) { *after = dr | box_mask(c, (int)b); return 1; }
    return 0;
}

static inline int play(Ctx *c, int line) {
    int k = 0;
    for (int i = 0; i < 2; i++) {
        int64_t b = c->lb[line * 2 + i];
        if (b < 0) continue;
        uint64_t bit = 1ULL << b;
        int64_t n = --c->deg[b];
        if (n == 0) { k++; c->m1 &= ~bit; }
        else if (n == 1) { c->m2 &= ~bit; c->m1 |= bit; }
        else if (n == 2) c->m2 |= bit;
    }
    return k;
}

static inline void undo(Ctx *c, int line) {
    for (int i = 0; i < 2; i++) {
        int64_t b = c->lb[line * 2 + i];
        if (b < 0) continue;
        uint64_t bit = 1ULL << b;
        int64_t n = c->deg[b]++;
        if (n == 0) c->m1 |= bit;
        else if (n == 1) { c->m1 &= ~bit; c->m2 |= bit; }
        else if (n == 2) c->m2 &= ~bit;
    }
}

static int64_t search(Ctx *c, uint64_t dr, int64_t R, int64_t al, int64_t be) {
    if (R == 0) return 0;
    c->nodes++;
    int out[65], count, cloop[65];
    uint64_t cbox[65];
    int64_t lv = 0, ub[65];
    int kind = gen_moves(c, dr, out, ub, &count, &lv, cbox, cloop);
    int64_t a0 = al, b0 = be, lo = 0, hi = 0, slot = 0;
    int sym = 0;
    uint64_t key = 0;
    if (kind >= 2) {
        if (al >= R) return R;
        if (be <= -R) return -R;
        if (kind == 3) return lv;          /* known: nothing to look up or store */
        key = canonical(c, dr, &sym);
        slot = slot_of(c, key);
        lo = -R;
        hi = R;
        int64_t found = tt_find(c, slot, key + 1);
        if (found >= 0) {
            lo = T_LO(found);
            hi = T_HI(found);
            int bm = (int)T_BEST(found) - 1;
            if (bm >= 0) {
                bm = (int)c->inv[sym * c->nl + bm];
                if (c->gid[bm] >= 0) {
                    int x = first_undrawn(c, (int)c->gid[bm], dr);
                    if (x >= 0) bm = x;
                }
                for (int i = 0; i < count; i++)
                    if (out[i] == bm) {
                        int64_t u = ub[i];
                        uint64_t cb0 = cbox[i];
                        int lp0 = cloop[i];
                        for (int j = i; j > 0; j--) {
                            out[j] = out[j - 1]; ub[j] = ub[j - 1]; cbox[j] = cbox[j - 1]; cloop[j] = cloop[j - 1];
                        }
                        out[0] = bm;
                        ub[0] = u;
                        cbox[0] = cb0;
                        cloop[0] = lp0;
                        break;
                    }
            }
        }
        if (lo >= be) return lo;
        if (hi <= al) return hi;
        a0 = al > lo ? al : lo;
        b0 = be < hi ? be : hi;
        if (a0 < b0 && c->etc_lines > 0 && c->nl - __builtin_popcountll(dr) >= c->etc_lines) {
            /* every child's key first, its bucket prefetched, then the probes (the loads overlap) */
            uint64_t cks[65];
            int64_t tks[65], cbs[65];
            for (int i = 0; i < count; i++) {
                tks[i] = -2;
                int cs;
                uint64_t child = dr | (1ULL << out[i]), after;
                int64_t taken;
                if (ub[i] != NO_BOUND) {            /* a long chain or a loop: the position with it all drawn */
                    if (!c->etc_long || !cbox[i]) continue;
                    uint64_t R = dr;
                    for (uint64_t bx = cbox[i]; bx; bx &= bx - 1) R |= box_mask(c, __builtin_ctzll(bx));
                    child = R;
                    int nbx = __builtin_popcountll(cbox[i]);
                    taken = (cloop[i] ? 200 : 100) + nbx;
                } else {
                    taken = after_sacrifice(c, out[i], dr, &after);
                    if (taken > 0 && c->etc_sacrifice) child = after;
                    else if (taken != 0) continue;
                }
                cks[i] = canonical(c, child, &cs);
                tks[i] = taken;
                cbs[i] = slot_of(c, cks[i]);
                if (c->prefetch) __builtin_prefetch(&TKEY(cbs[i]));
            }
            for (int i = 0; i < count; i++) {
                if (tks[i] == -2) continue;
                int64_t taken = tks[i];
                uint64_t ck = cks[i];
                int64_t cslot = tt_find(c, cbs[i], ck + 1);
                if (cslot >= 0 && taken >= 100) {     /* a long chain or loop: the rest's bounds, both replies */
                    int64_t nbx = taken % 100, cc = taken >= 200 ? 8 : 4;
                    int64_t loR = T_LO(cslot), hiR = T_HI(cslot);
                    int64_t u1 = -nbx - loR, u2 = cc - nbx + hiR, U = u1 < u2 ? u1 : u2;
                    int64_t l1 = -nbx - hiR, l2 = cc - nbx + loR, L = l1 < l2 ? l1 : l2;
                    if (L >= b0) {
                        a0 = L;
                        tt_store(c, slot, key + 1, lo > a0 ? lo : a0, hi, c->perm[sym * c->nl + out[i]] + 1, 1);
                        break;
                    }
                    if (U < ub[i]) ub[i] = U;
                    continue;
                }
                if (cslot >= 0) {
                    if (-(taken + T_HI(cslot)) >= b0) {
                        a0 = -(taken + T_HI(cslot));
                        tt_store(c, slot, key + 1, lo > a0 ? lo : a0, hi, c->perm[sym * c->nl + out[i]] + 1, 1);
                        break;
                    }
                    if (c->etc_bound) {                   /* the child's lower bound stands for the line */
                        int64_t u = -(taken + T_LO(cslot));
                        if (u < ub[i]) ub[i] = u;
                    }
                }
            }
        }
        if (a0 >= b0) return a0;
        al = a0;
        be = b0;
    }
    if (c->chain_end && kind == 1 && count == 2) {
        /* the end of a chain: take its last two boxes and move on (2 + v), or leave them (-2 - v); both reach one
         * position, searched once with a window that answers both */
        int l = out[0], m = out[1];
        int64_t b0x = c->lb[l * 2], b1x = c->lb[l * 2 + 1];
        int64_t o = (b0x >= 0 && c->deg[b0x] == 2) ? b0x : ((b1x >= 0 && c->deg[b1x] == 2) ? b1x : -1);
        int64_t bb = (o == b0x) ? b1x : b0x;
        if (o >= 0 && bb >= 0 && c->deg[bb] == 1) {
            int64_t m0 = c->lb[m * 2], m1b = c->lb[m * 2 + 1];
            int64_t o2 = (m0 == o) ? m1b : m0;
            int mo = (m0 == o || m1b == o);
            if (mo && (o2 < 0 || c->deg[o2] >= 3)) {
                if (be <= 0) return R & 1;             /* |2 + v| >= 0, to the parity of the boxes left */
                play(c, l);
                play(c, m);
                int64_t A = -be - 2, B = be - 2;
                int64_t w = search(c, dr | (1ULL << l) | (1ULL << m), R - 2, A, B);
                undo(c, m);
                undo(c, l);
                if (w >= B) return 2 + w;
                if (w <= A) return -2 - w;
                return (2 + w > -2 - w) ? 2 + w : -2 - w;
            }
        }
    }
    int64_t best = -10000, nodes0 = c->nodes;
    int bline = -1;
    for (int i = 0; i < count && al < be; i++) {
        int l = out[i];
        if (kind == 2) {                       /* the bound stands for the line's value (fail-soft) */
            int64_t u = ub[i];
            if (u < NO_BOUND && ((u - R) & 1)) u--;     /* values have the parity of the boxes left */
            if (u <= al) {
                if (u > best) { best = u; bline = l; }
                continue;
            }
        }
        int k = play(c, l);
        uint64_t child = dr | (1ULL << l);
        int64_t v = k ? k + search(c, child, R - k, al - k, be - k) : -search(c, child, R, -be, -al);
        undo(c, l);
        if (kind == 0) return v;
        if (v > best) {
            best = v;
            bline = l;
            if (v > al) al = v;
        }
    }
    if (kind == 2) {
        if (best <= a0) {
            if ((best - R) & 1) best -= 1;
            if (best < hi) hi = best;
        } else if (best >= b0) {
            if ((best - R) & 1) best += 1;
            if (best > lo) lo = best;
        } else {
            lo = hi = best;
        }
        int64_t n = c->nodes - nodes0, work = 0;
        while (n) { n >>= 1; work++; }
        tt_store(c, slot, key + 1, lo, hi, bline >= 0 ? c->perm[sym * c->nl + bline] + 1 : 0, work);
    }
    return best;
}

/* Exact value of `drawn` for the player to move (MTD(f) from `guess`); *nodes gets the nodes searched. */
int64_t dots_exact(int nb, int nl, const int64_t *nbl, const int64_t *nbo, const int64_t *lb, const int64_t *order,
                   const uint64_t *symtab, const int64_t *syms, int nsym, const int64_t *perm, const int64_t *inv, uint64_t *tt,
                   int64_t tmask, int etc_lines, int safe_only,
                   const uint64_t *gmask, const uint64_t *gfirst, const int64_t *glines, const int64_t *gid,
                   const uint64_t *gskip, int ng, const int64_t *gsym, int twins, int etc_sacrifice, int etc_bound, int four_way,
                   int hash_mix, int prefetch, int chain_end, int etc_long,
                   uint64_t drawn, int64_t guess, int64_t *nodes) {
    Ctx c;
    memset(&c, 0, sizeof c);
    c.nb = nb; c.nl = nl; c.nsym = nsym; c.etc_lines = etc_lines; c.safe_only = safe_only;
    c.nbl = nbl; c.nbo = nbo; c.lb = lb; c.order = order; c.perm = perm; c.inv = inv; c.symtab = symtab; c.syms = syms;
    c.gmask = gmask; c.gfirst = gfirst; c.glines = glines; c.gid = gid; c.gskip = gskip; c.ng = ng; c.gsym = gsym; c.twins = twins; c.etc_sacrifice = etc_sacrifice; c.etc_bound = etc_bound; c.four_way = four_way; c.hash_mix = hash_mix; c.prefetch = prefetch;
    c.chain_end = chain_end; c.etc_long = etc_long;
    c.tt = tt; c.tmask = tmask;
    int64_t remaining = 0;
    for (int b = 0; b < nb; b++) {
        int d = 4;
        for (int i = 0; i < 4; i++) if ((drawn >> nbl[b * 4 + i]) & 1) d--;
        c.deg[b] = d;
        if (d == 1) c.m1 |= 1ULL << b;
        if (d == 2) c.m2 |= 1ULL << b;
        remaining += d != 0;
    }
    int64_t lo = -remaining, hi = remaining, g = guess < lo ? lo : (guess > hi ? hi : guess);
    while (lo < hi) {
        int64_t beta = g == lo ? g + 1 : g;
        g = search(&c, drawn, remaining, beta - 1, beta);
        if (g < beta) hi = g; else lo = g;
    }
    *nodes = c.nodes;
    return g;
}
