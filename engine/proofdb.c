/* proofdb.c - see proofdb.h. */
#define _DEFAULT_SOURCE /* fsync, ftruncate */
#include "proofdb.h"

#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "clock.h"
#include "symmetry.h"
#include "util.h"

#define PDB_MAGIC "morphos-proofdb\n"
#define PDB_VERSION 1
#define PDB_HEADER 128
#define PDB_RULES 100
#define PDB_REC 40

/* The key of positions where a swap may still come (pie, first turns). */
#define PDB_PIE_SALT 0x9e3779b97f4a7c15ULL
/* Table slots of the three classes of one key. */
static const uint64_t class_salt[3] = { 0, 0xbb67ae8584caa73bULL, 0x3c6ef372fe94f82bULL };

struct ProofDB {
    pthread_mutex_t lock;
    int size;                  /* board size (0: Cairo) and rules without the pie */
    char rules[PDB_RULES];
    PdbEntry *slot;            /* open addressing on key ^ class salt; value 0: empty */
    size_t cap, used;          /* cap: a power of two */
    PdbStats st;
    int fd;                    /* -1: memory only */
    unsigned char *queue;      /* records not yet written */
    size_t qlen, qcap;
    double last_flush, flush_seconds;
};

static int cls(int value) { return value == PDB_OPEN_B ? 1 : value == PDB_OPEN_W ? 2 : 0; }

static void rules_text(const Board *b, char *buf)
{
    Ruleset r = b->rules;
    r.pie = 0;
    memset(buf, 0, PDB_RULES);
    ruleset_format(&r, buf, PDB_RULES);
}

static void put32(unsigned char *p, uint32_t v)
{
    for (int i = 0; i < 4; i++) p[i] = (unsigned char)(v >> 8 * i);
}
static void put64(unsigned char *p, uint64_t v)
{
    for (int i = 0; i < 8; i++) p[i] = (unsigned char)(v >> 8 * i);
}
static uint32_t get32(const unsigned char *p)
{
    uint32_t v = 0;
    for (int i = 0; i < 4; i++) v |= (uint32_t)p[i] << 8 * i;
    return v;
}
static uint64_t get64(const unsigned char *p)
{
    uint64_t v = 0;
    for (int i = 0; i < 8; i++) v |= (uint64_t)p[i] << 8 * i;
    return v;
}

/* A 32-bit check of n bytes: each 8-byte word through mix64. */
static uint32_t checksum(const unsigned char *p, size_t n)
{
    uint64_t h = 0x243f6a8885a308d3ULL ^ n;
    for (size_t i = 0; i < n; i += 8) {
        uint64_t w = 0;
        for (size_t j = i; j < i + 8 && j < n; j++) w |= (uint64_t)p[j] << 8 * (j - i);
        h = mix64(h ^ w);
    }
    return (uint32_t)(h >> 32);
}

static void encode(const PdbEntry *e, unsigned char *r)
{
    memset(r, 0, PDB_REC);
    put64(r, e->key);
    put64(r + 8, e->work);
    put32(r + 16, e->phi);
    put32(r + 20, e->delta);
    for (int i = 0; i < 3; i++) {
        r[24 + 2 * i] = (unsigned char)(uint16_t)e->move.pt[i];
        r[25 + 2 * i] = (unsigned char)((uint16_t)e->move.pt[i] >> 8);
    }
    r[30] = e->move.n;
    r[31] = e->move.kind;
    r[32] = e->value;
    put32(r + 36, checksum(r, 36));
}

/* 0 when r is not a well-formed record of a board of npoints. */
static int decode(const unsigned char *r, int npoints, PdbEntry *e)
{
    if (get32(r + 36) != checksum(r, 36)) return 0;
    e->key = get64(r);
    e->work = get64(r + 8);
    e->phi = get32(r + 16);
    e->delta = get32(r + 20);
    for (int i = 0; i < 3; i++) e->move.pt[i] = (int16_t)(uint16_t)(r[24 + 2 * i] | r[25 + 2 * i] << 8);
    e->move.n = r[30];
    e->move.kind = r[31];
    e->value = r[32];
    if (e->value < PDB_WIN || e->value > PDB_OPEN_W || e->move.n > 3 || e->move.kind > MOVE_NONE) return 0;
    for (int i = 0; i < e->move.n; i++)
        if (e->move.pt[i] < 0 || e->move.pt[i] >= npoints) return 0;
    return 1;
}

static PdbEntry *find(ProofDB *db, uint64_t key, int c)
{
    if (!db->cap) return NULL;
    uint64_t k = key ^ class_salt[c];
    for (size_t i = mix64(k) & (db->cap - 1);; i = (i + 1) & (db->cap - 1)) {
        PdbEntry *s = &db->slot[i];
        if (!s->value) return s;
        if (s->key == key && cls(s->value) == c) return s;
    }
}

static int grow(ProofDB *db)
{
    size_t cap = db->cap ? db->cap * 2 : 1024;
    PdbEntry *old = db->slot, *nw = calloc(cap, sizeof *nw);
    if (!nw) return -1;
    size_t oc = db->cap;
    db->slot = nw;
    db->cap = cap;
    for (size_t i = 0; i < oc; i++)
        if (old[i].value) *find(db, old[i].key, cls(old[i].value)) = old[i];
    free(old);
    return 0;
}

static void count(ProofDB *db, int value, int d)
{
    size_t *n = value == PDB_WIN ? &db->st.wins : value == PDB_LOSS ? &db->st.losses : &db->st.open;
    *n += (size_t)d;
}

/* Into memory; 1 when stored, 0 when the table already knew better, -1
 * without memory. Lock held. */
static int insert(ProofDB *db, const PdbEntry *e)
{
    if ((db->used + 1) * 4 > db->cap * 3 && grow(db) < 0) return -1;
    PdbEntry *s = find(db, e->key, cls(e->value));
    if (s->value) {
        if (s->value == PDB_WIN || s->value == PDB_LOSS) return 0; /* proven stays */
        count(db, s->value, -1);
    } else {
        db->used++;
    }
    *s = *e;
    count(db, e->value, 1);
    return 1;
}

static int write_all(int fd, const unsigned char *p, size_t n)
{
    while (n) {
        ssize_t w = write(fd, p, n);
        if (w < 0) {
            if (errno == EINTR) continue;
            return -1;
        }
        p += w;
        n -= (size_t)w;
    }
    return 0;
}

static void header(const ProofDB *db, unsigned char *h)
{
    memset(h, 0, PDB_HEADER);
    memcpy(h, PDB_MAGIC, 16);
    put32(h + 16, PDB_VERSION);
    put32(h + 20, (uint32_t)db->size);
    memcpy(h + 24, db->rules, PDB_RULES);
    put32(h + PDB_HEADER - 4, checksum(h, PDB_HEADER - 4));
}

/* A new file: header under a temporary name, renamed into place. */
static int create_file(ProofDB *db, const char *path, char *err, size_t errlen)
{
    size_t n = strlen(path) + 16;
    char *tmp = malloc(n);
    if (!tmp) return snprintf(err, errlen, "out of memory"), -1;
    snprintf(tmp, n, "%s.tmp%ld", path, (long)getpid());
    unsigned char h[PDB_HEADER];
    header(db, h);
    int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0 || write_all(fd, h, sizeof h) < 0 || fsync(fd) < 0 || close(fd) < 0 || rename(tmp, path) < 0) {
        snprintf(err, errlen, "cannot create %s: %s", path, strerror(errno));
        if (fd >= 0) unlink(tmp);
        free(tmp);
        return -1;
    }
    free(tmp);
    return 0;
}

static int load_file(ProofDB *db, const char *path, int npoints, char *err, size_t errlen)
{
    int fd = open(path, O_RDWR);
    if (fd < 0 && errno == ENOENT) {
        if (create_file(db, path, err, errlen) < 0) return -1;
        fd = open(path, O_RDWR);
    }
    if (fd < 0) return snprintf(err, errlen, "cannot open %s: %s", path, strerror(errno)), -1;
    unsigned char h[PDB_HEADER], want[PDB_HEADER];
    ssize_t got = read(fd, h, sizeof h);
    header(db, want);
    if (got != PDB_HEADER || memcmp(h, PDB_MAGIC, 16) != 0 || get32(h + PDB_HEADER - 4) != checksum(h, PDB_HEADER - 4)) {
        close(fd);
        return snprintf(err, errlen, "%s is not a proof database (bad header)", path), -1;
    }
    if (memcmp(h, want, PDB_HEADER) != 0) {
        close(fd);
        char r[PDB_RULES + 1] = { 0 };
        memcpy(r, h + 24, PDB_RULES);
        return snprintf(err, errlen, "%s holds size %u, rules %s (version %u); this board is size %d, rules %s", path,
                        get32(h + 20), r, get32(h + 16), db->size, db->rules), -1;
    }
    /* Whole records only: a torn tail (a run killed mid-write) is cut
     * off, so that the next records are appended at a record boundary. */
    struct stat sb;
    if (fstat(fd, &sb) < 0) {
        close(fd);
        return snprintf(err, errlen, "cannot read %s: %s", path, strerror(errno)), -1;
    }
    size_t body = (size_t)sb.st_size - PDB_HEADER, end = PDB_HEADER + body / PDB_REC * PDB_REC, off = PDB_HEADER;
    unsigned char buf[PDB_REC * 1024];
    while (off < end) {
        size_t want_n = end - off < sizeof buf ? end - off : sizeof buf;
        ssize_t n = read(fd, buf, want_n);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        size_t whole = (size_t)n / PDB_REC * PDB_REC;
        for (size_t i = 0; i < whole; i += PDB_REC) {
            PdbEntry e;
            if (!decode(buf + i, npoints, &e)) {
                db->st.skipped++;
                continue;
            }
            if (insert(db, &e) < 0) {
                close(fd);
                return snprintf(err, errlen, "out of memory reading %s", path), -1;
            }
        }
        off += whole;
        if (whole < (size_t)n && lseek(fd, (off_t)off, SEEK_SET) < 0) break;
    }
    if ((size_t)sb.st_size > off) {
        db->st.cut = (size_t)sb.st_size - off;
        if (ftruncate(fd, (off_t)off) < 0) {
            close(fd);
            return snprintf(err, errlen, "cannot cut the torn tail of %s: %s", path, strerror(errno)), -1;
        }
    }
    if (lseek(fd, (off_t)off, SEEK_SET) < 0) {
        close(fd);
        return snprintf(err, errlen, "cannot seek in %s: %s", path, strerror(errno)), -1;
    }
    db->st.file_bytes = off;
    db->fd = fd;
    return 0;
}

ProofDB *pdb_open(const char *path, const Board *b, char *err, size_t errlen)
{
    if (errlen) err[0] = '\0';
    ProofDB *db = calloc(1, sizeof *db);
    if (!db) return snprintf(err, errlen, "out of memory"), NULL;
    pthread_mutex_init(&db->lock, NULL);
    db->fd = -1;
    db->size = b->size;
    rules_text(b, db->rules);
    db->last_flush = now_seconds();
    db->flush_seconds = 30;
    if (grow(db) < 0 || (path && load_file(db, path, b->npoints, err, errlen) < 0)) {
        if (!err[0] || db->cap == 0) snprintf(err, errlen, "out of memory");
        pdb_close(db);
        return NULL;
    }
    return db;
}

void pdb_close(ProofDB *db)
{
    if (!db) return;
    if (db->fd >= 0) {
        if (pdb_flush(db) < 0) fprintf(stderr, "proofdb: last records not written: %s\n", strerror(errno));
        close(db->fd);
    }
    pthread_mutex_destroy(&db->lock);
    free(db->slot);
    free(db->queue);
    free(db);
}

int pdb_fits(const ProofDB *db, const Board *b)
{
    char r[PDB_RULES];
    rules_text(b, r);
    return db && db->size == b->size && memcmp(r, db->rules, PDB_RULES) == 0;
}

uint64_t pdb_key_canon(const Board *b, uint64_t ply, uint64_t canon)
{
    return b->rules.pie && ply < 2 ? canon ^ PDB_PIE_SALT : canon;
}

uint64_t pdb_key(const Position *p, int *s) { return pdb_key_canon(p->board, p->ply, sym_canon(p, s)); }

int pdb_get(ProofDB *db, uint64_t key, int value, PdbEntry *out)
{
    if (!db) return 0;
    pthread_mutex_lock(&db->lock);
    const PdbEntry *s = find(db, key, cls(value));
    int ok = s && s->value;
    if (ok) *out = *s;
    pthread_mutex_unlock(&db->lock);
    return ok;
}

int pdb_put(ProofDB *db, const PdbEntry *e)
{
    assert(e->value >= PDB_WIN && e->value <= PDB_OPEN_W && e->move.n <= 3);
    pthread_mutex_lock(&db->lock);
    int r = insert(db, e);
    if (r > 0 && db->fd >= 0) {
        if (db->qlen + PDB_REC > db->qcap) {
            size_t cap = db->qcap ? db->qcap * 2 : PDB_REC * 4096;
            unsigned char *q = realloc(db->queue, cap);
            if (!q) {
                pthread_mutex_unlock(&db->lock);
                return -1;
            }
            db->queue = q;
            db->qcap = cap;
        }
        encode(e, db->queue + db->qlen);
        db->qlen += PDB_REC;
    }
    pthread_mutex_unlock(&db->lock);
    return r < 0 ? -1 : 0;
}

Move pdb_move(const Position *p, int s, const PdbEntry *e) { return sym_move(p->board, s, e->move); }

int pdb_answer(ProofDB *db, const Position *p, Move *m)
{
    int s;
    PdbEntry e;
    if (!db || !pdb_fits(db, p->board) || !pdb_get(db, pdb_key(p, &s), PDB_WIN, &e) || e.move.kind == MOVE_NONE) return 0;
    *m = pdb_move(p, s, &e);
    return e.value == PDB_WIN ? 1 : -1;
}

int pdb_flush(ProofDB *db)
{
    pthread_mutex_lock(&db->lock);
    int r = 0;
    if (db->fd >= 0 && db->qlen) {
        /* A failed or partial write leaves at worst a torn tail, which the
         * next opening cuts off; the queue is kept and written again at
         * the valid length. */
        if (write_all(db->fd, db->queue, db->qlen) < 0 || fsync(db->fd) < 0) {
            int en = errno;
            if (ftruncate(db->fd, (off_t)db->st.file_bytes) == 0) lseek(db->fd, (off_t)db->st.file_bytes, SEEK_SET);
            errno = en;
            r = -1;
        } else {
            db->st.file_bytes += db->qlen;
            db->qlen = 0;
        }
    }
    db->last_flush = now_seconds();
    pthread_mutex_unlock(&db->lock);
    return r;
}

int pdb_flush_due(ProofDB *db)
{
    if (!db || now_seconds() < db->last_flush + db->flush_seconds) return 0;
    return pdb_flush(db);
}

void pdb_set_flush(ProofDB *db, double seconds) { db->flush_seconds = seconds; }

void pdb_stats(ProofDB *db, PdbStats *st)
{
    pthread_mutex_lock(&db->lock);
    *st = db->st;
    pthread_mutex_unlock(&db->lock);
}

int pdb_each(ProofDB *db, int (*f)(const PdbEntry *e, void *ctx), void *ctx)
{
    for (size_t i = 0; i < db->cap; i++) {
        const PdbEntry *e = &db->slot[i];
        if (e->value != PDB_WIN && e->value != PDB_LOSS) continue;
        int r = f(e, ctx);
        if (r) return r;
    }
    return 0;
}
