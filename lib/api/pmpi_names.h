/* pmpi_names.h: forced into every source of libhimpi-pmpi (-include), so
 * that the library's own MPI calls go to the profiling interface (PMPI_*)
 * and never back into the MPI_* functions it defines (interpose.c) or
 * that another tool interposes.  No include: mpi.h's prototypes then
 * declare the PMPI_* names, which it declares anyway.  The list is every
 * MPI function libhimpi and libmpib call or pass as a pointer, and the
 * persistent collectives of Open MPI's extension (MPIX_*). */
#ifndef HIMPI_PMPI_NAMES_H
#define HIMPI_PMPI_NAMES_H

#define MPIX_Allgather_init PMPIX_Allgather_init
#define MPIX_Allgatherv_init PMPIX_Allgatherv_init
#define MPIX_Allreduce_init PMPIX_Allreduce_init
#define MPIX_Alltoall_init PMPIX_Alltoall_init
#define MPIX_Barrier_init PMPIX_Barrier_init
#define MPIX_Bcast_init PMPIX_Bcast_init
#define MPIX_Exscan_init PMPIX_Exscan_init
#define MPIX_Gather_init PMPIX_Gather_init
#define MPIX_Gatherv_init PMPIX_Gatherv_init
#define MPIX_Reduce_init PMPIX_Reduce_init
#define MPIX_Reduce_scatter_block_init PMPIX_Reduce_scatter_block_init
#define MPIX_Reduce_scatter_init PMPIX_Reduce_scatter_init
#define MPIX_Scan_init PMPIX_Scan_init
#define MPIX_Scatter_init PMPIX_Scatter_init
#define MPIX_Scatterv_init PMPIX_Scatterv_init
#define MPI_Abort PMPI_Abort
#define MPI_Allgather PMPI_Allgather
#define MPI_Allgather_init PMPI_Allgather_init
#define MPI_Allgatherv PMPI_Allgatherv
#define MPI_Allgatherv_init PMPI_Allgatherv_init
#define MPI_Allreduce PMPI_Allreduce
#define MPI_Allreduce_init PMPI_Allreduce_init
#define MPI_Alltoall PMPI_Alltoall
#define MPI_Alltoall_init PMPI_Alltoall_init
#define MPI_Alltoallv PMPI_Alltoallv
#define MPI_Alltoallw PMPI_Alltoallw
#define MPI_Barrier PMPI_Barrier
#define MPI_Barrier_init PMPI_Barrier_init
#define MPI_Bcast PMPI_Bcast
#define MPI_Bcast_init PMPI_Bcast_init
#define MPI_Cancel PMPI_Cancel
#define MPI_Comm_create_keyval PMPI_Comm_create_keyval
#define MPI_Comm_delete_attr PMPI_Comm_delete_attr
#define MPI_Comm_dup PMPI_Comm_dup
#define MPI_Comm_free PMPI_Comm_free
#define MPI_Comm_free_keyval PMPI_Comm_free_keyval
#define MPI_Comm_get_attr PMPI_Comm_get_attr
#define MPI_Comm_rank PMPI_Comm_rank
#define MPI_Comm_set_attr PMPI_Comm_set_attr
#define MPI_Comm_set_errhandler PMPI_Comm_set_errhandler
#define MPI_Comm_size PMPI_Comm_size
#define MPI_Comm_split PMPI_Comm_split
#define MPI_Comm_split_type PMPI_Comm_split_type
#define MPI_Comm_test_inter PMPI_Comm_test_inter
#define MPI_Exscan PMPI_Exscan
#define MPI_Exscan_init PMPI_Exscan_init
#define MPI_Finalize PMPI_Finalize
#define MPI_Gather PMPI_Gather
#define MPI_Gather_init PMPI_Gather_init
#define MPI_Gatherv PMPI_Gatherv
#define MPI_Gatherv_init PMPI_Gatherv_init
#define MPI_Get_count PMPI_Get_count
#define MPI_Get_library_version PMPI_Get_library_version
#define MPI_Get_processor_name PMPI_Get_processor_name
#define MPI_Iallgather PMPI_Iallgather
#define MPI_Iallgatherv PMPI_Iallgatherv
#define MPI_Iallreduce PMPI_Iallreduce
#define MPI_Ialltoall PMPI_Ialltoall
#define MPI_Ialltoallv PMPI_Ialltoallv
#define MPI_Ibarrier PMPI_Ibarrier
#define MPI_Ibcast PMPI_Ibcast
#define MPI_Iexscan PMPI_Iexscan
#define MPI_Igather PMPI_Igather
#define MPI_Igatherv PMPI_Igatherv
#define MPI_Info_get PMPI_Info_get
#define MPI_Info_get_valuelen PMPI_Info_get_valuelen
#define MPI_Init PMPI_Init
#define MPI_Initialized PMPI_Initialized
#define MPI_Irecv PMPI_Irecv
#define MPI_Ireduce PMPI_Ireduce
#define MPI_Ireduce_scatter PMPI_Ireduce_scatter
#define MPI_Ireduce_scatter_block PMPI_Ireduce_scatter_block
#define MPI_Iscan PMPI_Iscan
#define MPI_Iscatter PMPI_Iscatter
#define MPI_Iscatterv PMPI_Iscatterv
#define MPI_Isend PMPI_Isend
#define MPI_Issend PMPI_Issend
#define MPI_Op_commutative PMPI_Op_commutative
#define MPI_Pack PMPI_Pack
#define MPI_Pack_size PMPI_Pack_size
#define MPI_Query_thread PMPI_Query_thread
#define MPI_Reduce PMPI_Reduce
#define MPI_Reduce_init PMPI_Reduce_init
#define MPI_Reduce_local PMPI_Reduce_local
#define MPI_Reduce_scatter PMPI_Reduce_scatter
#define MPI_Reduce_scatter_block PMPI_Reduce_scatter_block
#define MPI_Reduce_scatter_block_init PMPI_Reduce_scatter_block_init
#define MPI_Reduce_scatter_init PMPI_Reduce_scatter_init
#define MPI_Request_free PMPI_Request_free
#define MPI_Scan PMPI_Scan
#define MPI_Scan_init PMPI_Scan_init
#define MPI_Scatter PMPI_Scatter
#define MPI_Scatter_init PMPI_Scatter_init
#define MPI_Scatterv PMPI_Scatterv
#define MPI_Scatterv_init PMPI_Scatterv_init
#define MPI_Sendrecv PMPI_Sendrecv
#define MPI_Start PMPI_Start
#define MPI_Status_set_cancelled PMPI_Status_set_cancelled
#define MPI_Status_set_elements PMPI_Status_set_elements
#define MPI_Test PMPI_Test
#define MPI_Testall PMPI_Testall
#define MPI_Testany PMPI_Testany
#define MPI_Testsome PMPI_Testsome
#define MPI_Type_commit PMPI_Type_commit
#define MPI_Type_free PMPI_Type_free
#define MPI_Type_get_extent PMPI_Type_get_extent
#define MPI_Type_get_envelope PMPI_Type_get_envelope
#define MPI_Type_get_true_extent PMPI_Type_get_true_extent
#define MPI_Type_indexed PMPI_Type_indexed
#define MPI_Type_size PMPI_Type_size
#define MPI_Unpack PMPI_Unpack
#define MPI_Wait PMPI_Wait
#define MPI_Waitall PMPI_Waitall
#define MPI_Waitany PMPI_Waitany
#define MPI_Wtick PMPI_Wtick
#define MPI_Wtime PMPI_Wtime

#endif /* HIMPI_PMPI_NAMES_H */
