build-x/tests/check_mpi.o: tests/check_mpi.c dealer/run/run.h \
 dealer/lang/lang.h dealer/deal/deal.h dealer/base/base.h \
 dealer/event/event.h tests/check_suites.h
dealer/run/run.h:
dealer/lang/lang.h:
dealer/deal/deal.h:
dealer/base/base.h:
dealer/event/event.h:
tests/check_suites.h:
