build-x/config/profile.o: config/profile.c config/config.h \
 dealer/run/run.h dealer/lang/lang.h dealer/deal/deal.h \
 dealer/base/base.h dealer/event/event.h machine/machine.h pbn/pbn.h
config/config.h:
dealer/run/run.h:
dealer/lang/lang.h:
dealer/deal/deal.h:
dealer/base/base.h:
dealer/event/event.h:
machine/machine.h:
pbn/pbn.h:
