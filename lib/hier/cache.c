/* cache.c: sub-communicators created once per communicator and layout. */
#include <config.h>

#include <pthread.h>
#include <stdlib.h>

#include "core/alloc.h"
#include "core/setup_lock.h"
#include "hier/cache.h"
#include "hier/layout.h"
#include "topo/topo.h"

/* A leaders communicator serves every root that is the first rank of its
 * group (key -1), or one other root (key = that root's position). */
typedef struct {
    int key;
    MPI_Comm comm;
} leaders_t;

/* Layouts are allocated one by one, so that the pointers the collectives
 * hold stay valid while other layouts are added. */
typedef struct layout_t {
    himpi_layout pub;
    int key;          /* g > 0: g balanced blocks; -1 - level: a hardware level */
    int *sizes, *starts, *perm;
    MPI_Comm inner, columns;
    int have_inner, have_columns;
    int nleaders;
    leaders_t *leaders;
    struct layout_t *next;
} layout_t;

struct himpi_comm {
    MPI_Comm user, dup;
    int owns_dup; /* 0 for HiMPI's own sub-communicators, which need none */
    int p, rank;
    layout_t *layouts;
    void *slot;             /* the layer above's, released with release_slot */
    void (*release_slot)(void *);
    himpi_comm *next;       /* every state, so that finalisation finds them */
};

/* Under MPI_THREAD_MULTIPLE, threads run calls on different communicators
 * at once.  A communicator's state serves one call at a time (MPI orders
 * the collectives on a communicator), but the keyvals and the list of
 * states are shared.  The keyvals are created once (core/setup_lock.h).
 * states_lock guards the list, and nothing else: MPI_Comm_free runs
 * delete_state, which takes it, from inside the MPI library, so it is
 * held around no MPI call. */
static atomic_int state_keyval = MPI_KEYVAL_INVALID;
static int finalize_keyval = MPI_KEYVAL_INVALID;
static himpi_comm *all_states;
static pthread_mutex_t states_lock = PTHREAD_MUTEX_INITIALIZER;

static int state_key(void)
{
    return himpi_keyval_get(&state_keyval);
}

/* Frees comm unless it is the duplicate or kept: the duplicate doubles as
 * the group-ordered communicator of a contiguous layout, and that one as
 * the inner, leaders or columns communicator of a flat layout; each is
 * freed once, by its owner. */
static void free_comm(MPI_Comm *comm, const himpi_comm *s, MPI_Comm kept)
{
    if (*comm != MPI_COMM_NULL && *comm != s->dup && *comm != kept)
        MPI_Comm_free(comm);
}

static void free_layout(layout_t *l, const himpi_comm *s)
{
    free_comm(&l->inner, s, l->pub.comm);
    free_comm(&l->columns, s, l->pub.comm);
    for (int j = 0; j < l->nleaders; j++)
        free_comm(&l->leaders[j].comm, s, l->pub.comm);
    free_comm(&l->pub.comm, s, MPI_COMM_NULL);
    free(l->leaders);
    free(l->sizes);
    free(l->starts);
    free(l->perm);
    free(l);
}

static int delete_state(MPI_Comm comm, int keyval, void *value, void *extra)
{
    (void)comm, (void)keyval, (void)extra;
    himpi_comm *s = value;
    while (s->layouts != NULL) {
        layout_t *next = s->layouts->next;
        free_layout(s->layouts, s);
        s->layouts = next;
    }
    if (s->release_slot != NULL)
        s->release_slot(s->slot);
    if (s->owns_dup)
        MPI_Comm_free(&s->dup);
    pthread_mutex_lock(&states_lock);
    for (himpi_comm **p = &all_states; *p != NULL; p = &(*p)->next)
        if (*p == s) {
            *p = s->next;
            break;
        }
    pthread_mutex_unlock(&states_lock);
    free(s);
    return MPI_SUCCESS;
}

/* Deletes the states' attributes, and with them the states, but MPI_COMM_SELF's
 * if keep_self is set: MPI_Finalize deletes that one itself, and deleting
 * an attribute of MPI_COMM_SELF from the delete callback of another (while
 * MPI walks the list) is what MPICH's attribute code does not survive. */
static void release_all(int keep_self)
{
    himpi_comm **next = &all_states;
    while (*next != NULL)
        if (keep_self && (*next)->user == MPI_COMM_SELF)
            next = &(*next)->next;
        else
            MPI_Comm_delete_attr((*next)->user, state_key()); /* unlinks *next */
}

/* MPI deletes MPI_COMM_SELF's attributes first thing in MPI_Finalize, while
 * MPI still works: the moment to free what an application that never
 * called HiMPI_Finalize leaves behind.  Freeing a keyval still in use is
 * allowed: MPI frees it with its last attribute.  MPI_Finalize runs in one
 * thread, after the others' last MPI call. */
static int at_finalize(MPI_Comm comm, int key, void *value, void *extra)
{
    (void)comm, (void)key, (void)value, (void)extra;
    release_all(1);
    himpi_keyval_free(&state_keyval);
    MPI_Comm_free_keyval(&finalize_keyval);
    return MPI_SUCCESS;
}

int himpi_cache_init(void)
{
    return himpi_keyval_once(&state_keyval, delete_state, &finalize_keyval, at_finalize);
}

void himpi_cache_finalize(void)
{
    if (finalize_keyval == MPI_KEYVAL_INVALID)
        return;
    /* Outside any callback, MPI_COMM_SELF's state may go too. */
    release_all(0);
    MPI_Comm_delete_attr(MPI_COMM_SELF, finalize_keyval);
}

/* The state of comm, created at first use with a duplicate of comm if dup
 * is set, or using comm itself. */
static int get_state(MPI_Comm comm, int dup, himpi_comm **state)
{
    int rc, found = 0;
    if ((rc = himpi_cache_init()) != MPI_SUCCESS)
        return rc;
    if ((rc = MPI_Comm_get_attr(comm, state_key(), state, &found)) != MPI_SUCCESS || found)
        return rc;
    himpi_comm *s = himpi_zalloc(1, sizeof *s, "a communicator's state");
    s->user = s->dup = comm;
    s->owns_dup = dup;
    MPI_Comm_size(comm, &s->p);
    MPI_Comm_rank(comm, &s->rank);
    /* The duplicate returns its errors, and so do the sub-communicators
     * made from it, which inherit its handler: HiMPI returns them to its
     * caller, and libhimpi-pmpi hands them to the handler the user's
     * communicator has at that call, not to a copy of the one it had when
     * the duplicate was made. */
    if (dup && ((rc = MPI_Comm_dup(comm, &s->dup)) != MPI_SUCCESS ||
                (rc = MPI_Comm_set_errhandler(s->dup, MPI_ERRORS_RETURN)) != MPI_SUCCESS)) {
        if (s->dup != comm && s->dup != MPI_COMM_NULL)
            MPI_Comm_free(&s->dup);
        free(s);
        return rc;
    }
    pthread_mutex_lock(&states_lock);
    s->next = all_states;
    all_states = s;
    pthread_mutex_unlock(&states_lock);
    *state = s;
    return MPI_Comm_set_attr(comm, state_key(), s);
}

/* comm's state, or NULL if it has none. */
static himpi_comm *find_state(MPI_Comm comm)
{
    himpi_comm *s;
    int found = 0;
    int key = state_key();
    return key != MPI_KEYVAL_INVALID && MPI_Comm_get_attr(comm, key, &s, &found) == MPI_SUCCESS &&
                   found
               ? s
               : NULL;
}

int himpi_comm_get(MPI_Comm comm, int checked, himpi_comm **state)
{
    if ((*state = find_state(comm)) != NULL)
        return checked;
    int agreed, rc = MPI_Allreduce(&checked, &agreed, 1, MPI_INT, MPI_MAX, comm);
    if (rc != MPI_SUCCESS || agreed != MPI_SUCCESS)
        return rc != MPI_SUCCESS ? rc : agreed;
    return get_state(comm, 1, state);
}

int himpi_comm_get_private(MPI_Comm comm, himpi_comm **state)
{
    return get_state(comm, 0, state);
}

MPI_Comm himpi_comm_private(const himpi_comm *state)
{
    return state->dup;
}

void *himpi_comm_slot(const himpi_comm *state)
{
    return state->slot;
}

void himpi_comm_set_slot(himpi_comm *state, void *value, void (*release)(void *value))
{
    state->slot = value;
    state->release_slot = release;
}

/* Sizes and starts of g balanced blocks: the layout of HiMPI_Params. */
static void block_layout(layout_t *l, int p, int g)
{
    l->sizes = himpi_alloc((size_t)g, sizeof *l->sizes, "a layout");
    l->starts = himpi_alloc((size_t)g + 1, sizeof *l->starts, "a layout");
    for (int k = 0; k <= g; k++) {
        l->starts[k] = himpi_group_start(p, g, k);
        if (k < g)
            l->sizes[k] = himpi_group_size(p, g, k);
    }
}

/* Groups of the ranks that share an object of a hardware level, ordered
 * by their lowest rank; ranks keep their order inside a group.  When the
 * groups are not contiguous in rank order, a copy of the communicator with
 * the ranks in group order carries them (and perm maps rank -> position). */
static int hardware_layout(layout_t *l, himpi_comm *s, HiMPI_Hwlevel level)
{
    int color, rc;
    if ((rc = himpi_topo_color(s->dup, level, &color)) != MPI_SUCCESS)
        return rc;
    int p = s->p;
    int *colors = himpi_alloc((size_t)p, sizeof *colors, "a layout"),
        *group = himpi_alloc((size_t)p, sizeof *group, "a layout");
    l->sizes = himpi_zalloc((size_t)p, sizeof *l->sizes, "a layout");
    l->starts = himpi_alloc((size_t)p + 1, sizeof *l->starts, "a layout");
    l->perm = himpi_alloc((size_t)p, sizeof *l->perm, "a layout");
    rc = MPI_Allgather(&color, 1, MPI_INT, colors, 1, MPI_INT, s->dup);
    int g = 0;
    for (int r = 0; rc == MPI_SUCCESS && r < p; r++) {
        group[r] = g;
        for (int q = 0; q < r; q++)
            if (colors[q] == colors[r]) {
                group[r] = group[q];
                break;
            }
        g += group[r] == g;
        l->sizes[group[r]]++;
    }
    int contiguous = 1;
    if (rc == MPI_SUCCESS) {
        l->starts[0] = 0;
        for (int k = 0; k < g; k++)
            l->starts[k + 1] = l->starts[k] + l->sizes[k];
        int *fill = himpi_zalloc((size_t)g, sizeof *fill, "a layout");
        for (int r = 0; r < p; r++) {
            l->perm[r] = l->starts[group[r]] + fill[group[r]]++;
            contiguous &= l->perm[r] == r;
        }
        free(fill);
    }
    l->pub.g = g;
    free(colors);
    free(group);
    if (rc != MPI_SUCCESS)
        return rc;
    if (contiguous) {
        free(l->perm);
        l->perm = NULL;
        return MPI_SUCCESS;
    }
    return MPI_Comm_split(s->dup, 0, l->perm[s->rank], &l->pub.comm);
}

int himpi_comm_layout(himpi_comm *s, const HiMPI_Level *level, const himpi_layout **out)
{
    int g = level->groups < s->p ? level->groups : s->p;
    int key = level->groups > 0 ? g : -1 - (int)level->hw;
    for (layout_t *l = s->layouts; l != NULL; l = l->next)
        if (l->key == key) {
            *out = &l->pub;
            return MPI_SUCCESS;
        }
    layout_t *l = himpi_zalloc(1, sizeof *l, "a layout");
    *l = (layout_t){.key = key, .inner = MPI_COMM_NULL, .columns = MPI_COMM_NULL};
    l->pub = (himpi_layout){.g = g, .comm = MPI_COMM_NULL};
    int rc = MPI_SUCCESS;
    if (level->groups > 0)
        block_layout(l, s->p, g);
    else
        rc = hardware_layout(l, s, level->hw);
    if (rc != MPI_SUCCESS) {
        free_layout(l, s);
        return rc;
    }
    if (l->pub.comm == MPI_COMM_NULL)
        l->pub.comm = s->dup;
    l->pub.sizes = l->sizes;
    l->pub.starts = l->starts;
    l->pub.perm = l->perm;
    l->pub.rank = l->perm != NULL ? l->perm[s->rank] : s->rank;
    int k = 0;
    while (l->starts[k + 1] <= l->pub.rank)
        k++;
    l->pub.group = k;
    l->next = s->layouts;
    s->layouts = l;
    *out = &l->pub;
    return MPI_SUCCESS;
}

/* The layout behind pub (pub is the first member of layout_t). */
static layout_t *full(const himpi_layout *pub)
{
    return (layout_t *)(void *)pub;
}

int himpi_layout_inner(const himpi_layout *pub, MPI_Comm *inner)
{
    layout_t *l = full(pub);
    if (!l->have_inner) {
        if (pub->g == 1)
            l->inner = pub->comm;
        else {
            int rc = MPI_Comm_split(pub->comm, pub->group, pub->rank, &l->inner);
            if (rc != MPI_SUCCESS)
                return rc;
        }
        l->have_inner = 1;
    }
    *inner = l->inner;
    return MPI_SUCCESS;
}

/* The group holding position pos. */
static int group_at(const himpi_layout *l, int pos)
{
    int k = 0;
    while (l->starts[k + 1] <= pos)
        k++;
    return k;
}

int himpi_layout_leaders(himpi_comm *s, const himpi_layout *pub, int root, MPI_Comm *leaders)
{
    layout_t *l = full(pub);
    int root_group = group_at(pub, root);
    int key = root == pub->starts[root_group] ? -1 : root;
    for (int i = 0; i < l->nleaders; i++)
        if (l->leaders[i].key == key) {
            *leaders = l->leaders[i].comm;
            return MPI_SUCCESS;
        }
    l->leaders = himpi_realloc(l->leaders, (size_t)l->nleaders + 1, sizeof *l->leaders,
                               "a layout's leaders");
    MPI_Comm comm = pub->comm;
    if (pub->g != s->p) {
        int leader = pub->group == root_group ? root : pub->starts[pub->group];
        int rc = MPI_Comm_split(pub->comm, leader == pub->rank ? 0 : MPI_UNDEFINED, pub->group,
                                &comm);
        if (rc != MPI_SUCCESS)
            return rc;
    }
    l->leaders[l->nleaders++] = (leaders_t){key, comm};
    *leaders = comm;
    return MPI_SUCCESS;
}

/* The sub-communicators of the layouts of state s. */
static int layouts_held(const himpi_comm *s)
{
    int n = 0;
    for (const layout_t *l = s->layouts; l != NULL; l = l->next) {
        int flat = l->pub.g == s->p;
        n += l->pub.comm != s->dup;
        n += l->have_inner && l->pub.g > 1;
        n += l->have_columns && !flat;
        n += flat ? 0 : l->nleaders;
    }
    return n;
}

int himpi_comm_held(MPI_Comm comm)
{
    const himpi_comm *s = find_state(comm);
    if (s == NULL)
        return 0;
    /* The collectives keep their layouts on the duplicate's own state. */
    const himpi_comm *private = s->dup != comm ? find_state(s->dup) : NULL;
    return layouts_held(s) + (private != NULL ? layouts_held(private) : 0);
}

int himpi_layout_min_size(const himpi_layout *l)
{
    int least = l->sizes[0];
    for (int k = 1; k < l->g; k++)
        least = l->sizes[k] < least ? l->sizes[k] : least;
    return least;
}

int himpi_layout_columns(himpi_comm *s, const himpi_layout *pub, MPI_Comm *columns)
{
    layout_t *l = full(pub);
    if (!l->have_columns) {
        if (pub->g == s->p)
            l->columns = pub->comm;
        else {
            int position = pub->rank - pub->starts[pub->group];
            int color = position < himpi_layout_min_size(pub) ? position : MPI_UNDEFINED;
            int rc = MPI_Comm_split(pub->comm, color, pub->group, &l->columns);
            if (rc != MPI_SUCCESS)
                return rc;
        }
        l->have_columns = 1;
    }
    *columns = l->columns;
    return MPI_SUCCESS;
}

int himpi_comm_has_state(MPI_Comm comm)
{
    return find_state(comm) != NULL;
}
