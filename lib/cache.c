/* cache.c: sub-communicators created once per communicator and layout. */
#include <config.h>

#include <stdlib.h>

#include "cache.h"
#include "layout.h"
#include "runtime.h"

/* A leaders communicator serves every root that is the first rank of its
 * group (key -1), or one other root (key = that root). */
typedef struct {
    int key;
    MPI_Comm comm;
} leaders_t;

typedef struct {
    int g;
    int *sizes; /* of the g groups */
    MPI_Comm inner, columns;
    int have_inner, have_columns;
    int nleaders;
    leaders_t *leaders;
} layout_t;

struct himpi_comm {
    MPI_Comm user, dup;
    int p, rank;
    int nlayouts;
    layout_t *layouts;
    himpi_runtime *runtime; /* loaded at the first plain call */
    himpi_comm *next; /* every state, so that finalisation finds them */
};

static int state_keyval = MPI_KEYVAL_INVALID;
static int finalize_keyval = MPI_KEYVAL_INVALID;
static himpi_comm *all_states;

static void free_comm(MPI_Comm *comm, const himpi_comm *s)
{
    /* The duplicate itself doubles as the inner, leaders or columns
     * communicator of the flat layouts; it is freed once, last. */
    if (*comm != MPI_COMM_NULL && *comm != s->dup)
        MPI_Comm_free(comm);
}

static int delete_state(MPI_Comm comm, int keyval, void *value, void *extra)
{
    (void)comm, (void)keyval, (void)extra;
    himpi_comm *s = value;
    for (int i = 0; i < s->nlayouts; i++) {
        layout_t *l = &s->layouts[i];
        free_comm(&l->inner, s);
        free_comm(&l->columns, s);
        for (int j = 0; j < l->nleaders; j++)
            free_comm(&l->leaders[j].comm, s);
        free(l->leaders);
        free(l->sizes);
    }
    free(s->layouts);
    himpi_runtime_release(s->runtime);
    MPI_Comm_free(&s->dup);
    for (himpi_comm **p = &all_states; *p != NULL; p = &(*p)->next)
        if (*p == s) {
            *p = s->next;
            break;
        }
    free(s);
    return MPI_SUCCESS;
}

static void release_all(void)
{
    while (all_states != NULL)
        MPI_Comm_delete_attr(all_states->user, state_keyval);
}

/* MPI deletes MPI_COMM_SELF's attributes first thing in MPI_Finalize, while
 * MPI still works: the moment to free what an application that never
 * called HiMPI_Finalize leaves behind. */
static int at_finalize(MPI_Comm comm, int keyval, void *value, void *extra)
{
    (void)comm, (void)keyval, (void)value, (void)extra;
    release_all();
    himpi_runtime_release(himpi_runtime_global());
    himpi_runtime_set_global(NULL);
    MPI_Comm_free_keyval(&state_keyval);
    MPI_Comm_free_keyval(&finalize_keyval);
    return MPI_SUCCESS;
}

int himpi_cache_init(void)
{
    if (state_keyval != MPI_KEYVAL_INVALID)
        return MPI_SUCCESS;
    int rc = MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, delete_state, &state_keyval, NULL);
    if (rc == MPI_SUCCESS)
        rc = MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, at_finalize, &finalize_keyval, NULL);
    if (rc == MPI_SUCCESS)
        rc = MPI_Comm_set_attr(MPI_COMM_SELF, finalize_keyval, NULL);
    return rc;
}

void himpi_cache_finalize(void)
{
    if (finalize_keyval != MPI_KEYVAL_INVALID)
        MPI_Comm_delete_attr(MPI_COMM_SELF, finalize_keyval);
}

int himpi_comm_get(MPI_Comm comm, himpi_comm **state)
{
    int rc, found = 0;
    if ((rc = himpi_cache_init()) != MPI_SUCCESS)
        return rc;
    if ((rc = MPI_Comm_get_attr(comm, state_keyval, state, &found)) != MPI_SUCCESS || found)
        return rc;
    himpi_comm *s = calloc(1, sizeof *s);
    if (s == NULL)
        return MPI_ERR_NO_MEM;
    s->user = comm;
    MPI_Comm_size(comm, &s->p);
    MPI_Comm_rank(comm, &s->rank);
    if ((rc = MPI_Comm_dup(comm, &s->dup)) != MPI_SUCCESS) {
        free(s);
        return rc;
    }
    s->next = all_states;
    all_states = s;
    *state = s;
    return MPI_Comm_set_attr(comm, state_keyval, s);
}

MPI_Comm himpi_comm_private(const himpi_comm *state)
{
    return state->dup;
}

int himpi_comm_runtime(himpi_comm *state, himpi_runtime **rt)
{
    if (state->runtime == NULL) {
        himpi_runtime *global = himpi_runtime_global();
        if (global != NULL)
            state->runtime = himpi_runtime_retain(global);
        else {
            int rc = himpi_runtime_load(state->dup, &state->runtime);
            if (rc != MPI_SUCCESS)
                return rc;
        }
    }
    *rt = state->runtime;
    return MPI_SUCCESS;
}

static layout_t *layout(himpi_comm *s, int g)
{
    for (int i = 0; i < s->nlayouts; i++)
        if (s->layouts[i].g == g)
            return &s->layouts[i];
    layout_t *more = realloc(s->layouts, (size_t)(s->nlayouts + 1) * sizeof *more);
    if (more == NULL)
        return NULL;
    s->layouts = more;
    int *sizes = malloc((size_t)g * sizeof *sizes);
    if (sizes == NULL)
        return NULL;
    for (int k = 0; k < g; k++)
        sizes[k] = himpi_group_size(s->p, g, k);
    layout_t *l = &s->layouts[s->nlayouts++];
    *l = (layout_t){g, sizes, MPI_COMM_NULL, MPI_COMM_NULL, 0, 0, 0, NULL};
    return l;
}

int himpi_comm_inner(himpi_comm *s, int g, MPI_Comm *inner)
{
    layout_t *l = layout(s, g);
    if (l == NULL)
        return MPI_ERR_NO_MEM;
    if (!l->have_inner) {
        if (g == 1)
            l->inner = s->dup;
        else {
            int rc = MPI_Comm_split(s->dup, himpi_group_of(s->p, g, s->rank), s->rank, &l->inner);
            if (rc != MPI_SUCCESS)
                return rc;
        }
        l->have_inner = 1;
    }
    *inner = l->inner;
    return MPI_SUCCESS;
}

int himpi_comm_leaders(himpi_comm *s, int g, int root, MPI_Comm *leaders)
{
    layout_t *l = layout(s, g);
    if (l == NULL)
        return MPI_ERR_NO_MEM;
    int root_group = himpi_group_of(s->p, g, root);
    int key = root == himpi_group_start(s->p, g, root_group) ? -1 : root;
    for (int i = 0; i < l->nleaders; i++)
        if (l->leaders[i].key == key) {
            *leaders = l->leaders[i].comm;
            return MPI_SUCCESS;
        }
    leaders_t *more = realloc(l->leaders, (size_t)(l->nleaders + 1) * sizeof *more);
    if (more == NULL)
        return MPI_ERR_NO_MEM;
    l->leaders = more;
    MPI_Comm comm = s->dup;
    if (g != s->p) {
        int mine = himpi_group_of(s->p, g, s->rank);
        int lead = himpi_group_leader(s->p, g, mine, root) == s->rank;
        int rc = MPI_Comm_split(s->dup, lead ? 0 : MPI_UNDEFINED, mine, &comm);
        if (rc != MPI_SUCCESS)
            return rc;
    }
    l->leaders[l->nleaders++] = (leaders_t){key, comm};
    *leaders = comm;
    return MPI_SUCCESS;
}

int himpi_comm_columns(himpi_comm *s, int g, MPI_Comm *columns)
{
    layout_t *l = layout(s, g);
    if (l == NULL)
        return MPI_ERR_NO_MEM;
    if (!l->have_columns) {
        if (g == s->p)
            l->columns = s->dup;
        else {
            int mine = himpi_group_of(s->p, g, s->rank);
            int position = s->rank - himpi_group_start(s->p, g, mine);
            int color = position < s->p / g ? position : MPI_UNDEFINED;
            int rc = MPI_Comm_split(s->dup, color, mine, &l->columns);
            if (rc != MPI_SUCCESS)
                return rc;
        }
        l->have_columns = 1;
    }
    *columns = l->columns;
    return MPI_SUCCESS;
}

const int *himpi_comm_group_sizes(himpi_comm *s, int g)
{
    layout_t *l = layout(s, g);
    return l == NULL ? NULL : l->sizes;
}
