build-x/pbn/cmd/cmd_squaredeal.o: pbn/cmd/cmd_squaredeal.c \
 pbn/cmd/cmd_int.h pbn/sets/sets.h pbn/pbn.h dealer/run/run.h \
 dealer/lang/lang.h dealer/deal/deal.h dealer/base/base.h \
 dealer/event/event.h
pbn/cmd/cmd_int.h:
pbn/sets/sets.h:
pbn/pbn.h:
dealer/run/run.h:
dealer/lang/lang.h:
dealer/deal/deal.h:
dealer/base/base.h:
dealer/event/event.h:
